import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Returns the path of Debian's Chromium, installing it with apt-get when missing and root. */
export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROMIUM_PATH, then run npm test again.`,
    );
  }
  console.log("Chromium is missing: installing Debian's chromium package (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "chromium"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0)
      throw new Error(`apt-get ${args.join(" ")} failed; install chromium by hand`);
  }
  if (!existsSync(CHROMIUM))
    throw new Error(`apt-get installed chromium but ${CHROMIUM} is still missing`);
  return CHROMIUM;
}
