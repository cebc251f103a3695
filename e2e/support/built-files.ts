import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The URL path of the file the web app's build made of a source module (from its manifest: the
 * name is a hash of the content), for a test that holds it back or makes it fail.
 */
export function builtFileOf(source: string): string {
  const webDist = process.env.E2E_WEB_DIST ?? join("apps", "web", "dist");
  const manifest = JSON.parse(readFileSync(join(webDist, ".vite", "manifest.json"), "utf8"));
  return `/${manifest[source].file}`;
}
