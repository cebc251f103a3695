#!/usr/bin/env node
/**
 * `npm start` (and `npm run admin`): build whatever is missing or older than its sources, then run
 * the server entry named by the first argument (main | admin) with the remaining arguments.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const [entry = "main", ...args] = process.argv.slice(2);

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== "node_modules") visit(join(path, name));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  };
  for (const p of paths) visit(join(root, p));
  return latest;
}

function buildIfStale(name, output, sources, workspace) {
  const out = join(root, output);
  if (existsSync(out) && statSync(out).mtimeMs >= newest(sources)) return;
  console.error(`[sawdust] building ${name}…`);
  const result = spawnSync("npm", ["run", "build", "--silent", "-w", workspace], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ["packages/shared/src", "packages/shared/package.json"];
if (entry === "main") {
  buildIfStale(
    "the web app",
    "apps/web/dist/index.html",
    [
      "apps/web/src",
      "apps/web/index.html",
      "apps/web/public",
      "apps/web/vite.config.ts",
      ...shared,
    ],
    "@sawdust/web",
  );
}
buildIfStale(
  "the server",
  `apps/server/dist/${entry}.js`,
  ["apps/server/src", "apps/server/build.mjs", ...shared],
  "@sawdust/server",
);

const child = spawn(
  process.execPath,
  ["--enable-source-maps", join(root, "apps/server/dist", `${entry}.js`), ...args],
  { cwd: root, stdio: "inherit" },
);
// Pass stop signals on, so stopping `npm start` stops the server rather than orphaning it.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
