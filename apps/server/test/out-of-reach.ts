import { createServer } from "node:net";
import { S3Storage } from "../src/media/storage/s3-storage.js";
import type { Storage } from "../src/media/storage/storage.js";

/** A loopback port nothing listens on: one the system handed out and that was closed again. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type StorageCall = "put" | "putFile" | "read" | "readBuffer" | "size" | "delete" | "deletePrefix";

/**
 * Takes the app's storage out of reach for the calls named, as a stopped S3 is: each goes to an
 * S3 bucket on a closed loopback port and fails as the SDK fails there (`connect ECONNREFUSED`).
 * Returns what brings the storage back.
 */
export async function cutOffStorage(storage: Storage, calls: StorageCall[]): Promise<() => void> {
  const down = new S3Storage({
    bucket: "media",
    endpoint: `http://127.0.0.1:${await closedPort()}`,
    region: "us-east-1",
    accessKeyId: "down",
    secretAccessKey: "down",
  });
  const own = new Map(calls.map((call) => [call, Object.getOwnPropertyDescriptor(storage, call)]));
  for (const call of calls) Object.assign(storage, { [call]: down[call].bind(down) });
  return () => {
    for (const [call, descriptor] of own) {
      if (descriptor) Object.defineProperty(storage, call, descriptor);
      else delete (storage as Partial<Storage>)[call];
    }
  };
}
