import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Config } from "../config.js";
import type { DatabaseHandle } from "../db/database.js";
import { SettingsRepo } from "../modules/settings/settings.repo.js";
import { LocalStorage } from "./storage/local-storage.js";
import { S3Storage } from "./storage/s3-storage.js";
import type { Storage } from "./storage/storage.js";

export interface MediaSetup {
  storage: Storage;
  /** HMAC key for signed media URLs, shared by every process through the database. */
  signingKey: string;
}

export async function openMedia(
  config: Pick<Config, "dataDir" | "s3">,
  database: DatabaseHandle,
): Promise<MediaSetup> {
  const signingKey = await new SettingsRepo(database.db).getOrCreate("media_signing_key", () =>
    randomBytes(32).toString("base64url"),
  );
  if (config.s3) return { storage: new S3Storage(config.s3), signingKey };
  return { storage: new LocalStorage(join(config.dataDir, "media")), signingKey };
}
