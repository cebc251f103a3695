#!/usr/bin/env node
/**
 * `npm start`, `npm run worker` and `npm run admin`: build whatever is missing or older than its
 * sources, then run the server entry named by the first argument (main | worker | admin) with the
 * remaining arguments, in this same process. So the process npm (or a supervisor) started is the
 * server: SIGTERM, SIGINT and SIGHUP reach its own handlers, which stop it gracefully and exit with
 * its status, and there is no child to leave behind. When npm itself goes away without passing a
 * signal on (SIGKILL, or SIGHUP, which npm does not forward), this process stops on its own.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildWhatIsStale, root, signalBuild } from "./lib/build.mjs";
import { stopWhenParentExits } from "./lib/parent-watch.mjs";

const ENTRIES = ["main", "worker", "admin"];
const STOP_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"];

const [entry = "main", ...args] = process.argv.slice(2);
if (!ENTRIES.includes(entry)) {
  console.error(`[sawdust] unknown entry '${entry}': expected one of ${ENTRIES.join(", ")}`);
  process.exit(2);
}

stopWhenParentExits();

// While building, a stop signal ends the build, then this process by the same signal.
let stopSignal;
const stopBuilding = (signal) => {
  stopSignal ??= signal;
  signalBuild(signal);
};
for (const signal of STOP_SIGNALS) process.on(signal, stopBuilding);
const status = await buildWhatIsStale(entry);
for (const signal of STOP_SIGNALS) process.off(signal, stopBuilding);

if (stopSignal) {
  process.kill(process.pid, stopSignal);
} else if (status !== 0) {
  process.exit(status);
} else {
  // The entry runs as if started as `node --enable-source-maps apps/server/dist/<entry>.js args…`.
  const file = join(root, "apps/server/dist", `${entry}.js`);
  process.argv = [process.argv[0], file, ...args];
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(file).href);
}
