import { createServer } from "node:net";

/**
 * Takes each port on `host` and lets it go again, failing as the real `listen` would (EADDRINUSE,
 * EACCES, EADDRNOTAVAIL; explainStartupError names the setting). A start calls it before it opens
 * the database: a new release started while the old one still served on its port had migrated
 * the database before failing to listen, and the old build, left running on a schema it did not
 * know, ended every session it touched (round 47). Port 0 (any free port) is not tried.
 */
export async function proveListenable(
  host: string,
  ports: Array<number | undefined>,
): Promise<void> {
  for (const port of ports) {
    if (!port) continue;
    const probe = createServer();
    await new Promise<void>((resolve, reject) => {
      probe.once("error", reject);
      probe.listen({ port, host }, resolve);
    });
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  }
}
