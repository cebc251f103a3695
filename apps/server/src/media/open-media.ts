import { join } from "node:path";
import type { Config } from "../config.js";
import { LocalStorage } from "./storage/local-storage.js";
import { S3Storage } from "./storage/s3-storage.js";
import type { Storage } from "./storage/storage.js";

export interface MediaSetup {
  storage: Storage;
  /** HMAC key for signed media URLs, shared by every process through the database. */
  signingKey: string;
}

/** The media storage the config names: an S3-compatible bucket, or `DATA_DIR/media`. */
export function openStorage(config: Pick<Config, "dataDir" | "s3">): Storage {
  if (config.s3) return new S3Storage(config.s3);
  return new LocalStorage(join(config.dataDir, "media"));
}
