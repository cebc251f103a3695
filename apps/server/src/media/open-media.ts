import { randomBytes } from "node:crypto";
import { join } from "node:path";
import type { Config } from "../config.js";
import type { DatabaseHandle } from "../db/database.js";
import { SettingsRepo } from "../modules/settings/settings.repo.js";
import { LocalStorage } from "./storage/local-storage.js";
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
  if (config.s3) {
    throw new Error(
      "S3 storage is configured but not available in this build yet; unset S3_BUCKET",
    );
  }
  return { storage: new LocalStorage(join(config.dataDir, "media")), signingKey };
}
