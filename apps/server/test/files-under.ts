import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** Files under a folder (recursively), as paths relative to it; none when it does not exist. */
export function filesUnder(dir: string, prefix = ""): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory()
      ? filesUnder(path, `${prefix}${name}/`)
      : [`${prefix}${name}`];
  });
}
