import { readFileSync } from "node:fs";
import { build } from "esbuild";

/**
 * Bundles the server (and the shared contract it imports as TypeScript) into dist/. Installed
 * packages stay external: native ones (better-sqlite3, argon2) cannot be bundled anyway.
 */
const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@sawdust/"));

await build({
  entryPoints: { main: "src/main.ts", admin: "src/cli/admin.ts", worker: "src/worker-main.ts" },
  absWorkingDir: new URL(".", import.meta.url).pathname,
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external,
  logLevel: "warning",
});
