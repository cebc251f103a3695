import { spawn } from "node:child_process";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "../../..");

export interface EntryRun {
  code: number | null;
  output: string;
}

/**
 * Runs an entry point on the built server as `npm start`, `npm run worker` or `npm run admin`
 * run it (`scripts/start.mjs main | worker | admin …`: a second faster a start than compiling
 * the sources with tsx); resolves when it exits, or once `until` shows up in its output (then
 * stops it). The settings a developer's shell may hold are cleared unless `env` gives them.
 */
export function startEntry(
  entry: string[],
  env: Record<string, string>,
  until?: string,
): Promise<EntryRun> {
  const child = spawn(process.execPath, ["scripts/start.mjs", ...entry], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      ADMIN_USERNAME: "",
      ADMIN_PASSWORD: "",
      HOST: "127.0.0.1",
      DEMO_CONTENT: "false",
      LOG_LEVEL: "info",
      WORKERS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((done) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (until && output.includes(until)) child.kill("SIGTERM");
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.on("exit", (code) => done({ code, output }));
  });
}
