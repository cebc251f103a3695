/**
 * The builds `npm start`, `npm run worker` and `npm run admin` need before they run: whatever is
 * missing or older than its sources. A build runs in a process group of its own, so a stop signal
 * ends all of it (npm, its shell and vite or esbuild), not only the npm at its top.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export const root = resolve(import.meta.dirname, "../..");

const shared = ["packages/shared/src", "packages/shared/package.json"];

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

/**
 * What `entry` (main | worker | admin) needs built, stale or not. The web app only for `main`, and
 * not when WEB_DIST names another folder: the server serves that one, built elsewhere.
 */
function buildsFor(entry, env) {
  const builds = [];
  const webDist = env.WEB_DIST?.trim() ? resolve(env.WEB_DIST) : join(root, "apps/web/dist");
  if (entry === "main" && webDist === join(root, "apps/web/dist")) {
    builds.push({
      name: "the web app",
      output: "apps/web/dist/index.html",
      sources: [
        "apps/web/src",
        "apps/web/index.html",
        "apps/web/public",
        "apps/web/vite.config.ts",
        ...shared,
      ],
      workspace: "@sawdust/web",
    });
  }
  builds.push({
    name: "the server",
    output: `apps/server/dist/${entry}.js`,
    sources: ["apps/server/src", "apps/server/build.mjs", ...shared],
    workspace: "@sawdust/server",
  });
  return builds;
}

let running;

/** Passes a stop signal on to the build in progress, if any (its whole process group). */
export function signalBuild(signal) {
  if (!running) return;
  try {
    if (process.platform === "win32") running.kill(signal);
    else process.kill(-running.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Builds what `entry` needs that is missing or stale; resolves to the exit status (0: ready). */
export async function buildWhatIsStale(entry, env = process.env) {
  for (const { name, output, sources, workspace } of buildsFor(entry, env)) {
    const out = join(root, output);
    if (existsSync(out) && statSync(out).mtimeMs >= newest(sources)) continue;
    console.error(`[sawdust] building ${name}…`);
    running = spawn("npm", ["run", "build", "--silent", "-w", workspace], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      detached: process.platform !== "win32",
    });
    const status = await new Promise((done) => {
      running.on("error", (error) => {
        console.error(`[sawdust] could not run npm: ${error.message}`);
        done(1);
      });
      running.on("exit", (code) => done(code ?? 1));
    });
    running = undefined;
    if (status !== 0) return status;
  }
  return 0;
}
