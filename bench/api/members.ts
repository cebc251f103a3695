/**
 * Signed-in visitors for the member targets, and the 8 MB file of the download target, made
 * straight in the seeded catalogue (as partner-key.ts makes its key): a user row, a session row
 * under the server's own token format (the cookie is the token, the row its SHA-256), and for a
 * Pro member an active subscription, as `subscribe` in the server tests makes it.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { Db } from "../../apps/server/src/db/database.js";
import {
  hashSessionToken,
  newSessionToken,
  SESSION_COOKIE,
  SESSION_LIFETIME,
} from "../../apps/server/src/modules/auth/session-token.js";

export interface BenchMember {
  userId: number;
  /** The Cookie header value. */
  cookie: string;
}

/** A confirmed member with a live session; `tier` "pro" adds an active subscription. */
export async function createBenchMember(db: Db, tier: "free" | "pro"): Promise<BenchMember> {
  const now = Date.now();
  const name = `bench_${tier}_${now.toString(36)}${randomBytes(3).toString("hex")}`;
  const user = await db
    .insertInto("users")
    .values({
      username: name,
      username_key: name,
      email: `${name}@example.com`,
      // Never signs in with a password: the session is made here.
      password_hash: "!",
      role: "user",
      display_name: null,
      bio: null,
      website: null,
      social_links: "[]",
      artist_statement: null,
      specialties: "[]",
      created_at: now,
      updated_at: now,
      suspended_at: null,
      email_verified_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (tier === "pro") {
    await db
      .insertInto("subscriptions")
      .values({
        user_id: user.id,
        tier: "pro",
        status: "active",
        billing_cycle: "monthly",
        created_at: now,
        expiry_date: null,
      })
      .execute();
  }
  const token = newSessionToken();
  await db
    .insertInto("sessions")
    .values({
      token_hash: hashSessionToken(token),
      user_id: user.id,
      created_at: now,
      last_seen_at: now,
      expires_at: now + SESSION_LIFETIME.idleMs,
      // A new member's epoch: nothing has ended their sessions yet.
      epoch: 0,
    })
    .execute();
  return { userId: user.id, cookie: `${SESSION_COOKIE}=${token}` };
}

/** The download target's file: 8,000,000 bytes (just under the xlarge cap of 8 MiB). */
export const XLARGE_BYTES = 8_000_000;

/**
 * Gives image `imageId` a stored `xlarge` rendition of XLARGE_BYTES (random bytes: the route
 * sends the file as it is), file and row, unless it has one. Returns the file's path.
 */
export async function ensureXlarge(db: Db, dataDir: string, imageId: number): Promise<string> {
  const existing = await db
    .selectFrom("renditions")
    .select(["storage_key", "bytes"])
    .where("image_id", "=", imageId)
    .where("size", "=", "xlarge")
    .executeTakeFirst();
  const key = existing?.storage_key ?? `private/images/${imageId}/xlarge-${"b".repeat(16)}.webp`;
  const path = join(dataDir, "media", key);
  if (!existsSync(path) || (await stat(path)).size !== XLARGE_BYTES) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, randomBytes(XLARGE_BYTES));
  }
  if (!existing) {
    await db
      .insertInto("renditions")
      .values({
        image_id: imageId,
        size: "xlarge",
        storage_key: key,
        width: 3840,
        height: 4800,
        bytes: XLARGE_BYTES,
        upscaled: 0,
        created_at: Date.now(),
      })
      .execute();
  }
  return path;
}
