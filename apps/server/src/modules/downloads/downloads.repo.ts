import { sql, type Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { Database } from "../../db/schema.js";

export interface DownloadRecord {
  imageId: number;
  userId: number | null;
  size: "preview" | "basic" | "hd" | "xlarge" | "ultra";
  bytes: number;
  month: string;
  now: number;
  /**
   * Counts toward the user's monthly usage: against the free limits when given, and otherwise as
   * downloaded with no limits (Pro, admin), which the free limits do not count later that month.
   */
  usage?: { limits?: { downloads: number; bytes: number } };
  /**
   * A byte range of the file, of this many bytes. The member's first part of this image and size
   * this month is counted as the download; every other part (resumed, or fetched in parallel by a
   * download manager) counts only its bytes toward the month's bandwidth (refused past it).
   */
  part?: { bytes: number };
}

/**
 * What `record` did: counted it, let a part of a counted download through (its bytes only), or
 * refused it at the limits.
 */
export type RecordOutcome = "counted" | "resumed" | "refused";

/** A member's month: everything they downloaded, and what of it the free limits count. */
export interface MonthUsage {
  downloads: number;
  bytes: number;
  /** What was downloaded under the free limits (while free): what they count. */
  whileFree: { downloads: number; bytes: number };
}

const STAT_COLUMN = {
  preview: "dl_preview",
  basic: "dl_basic",
  hd: "dl_hd",
  xlarge: "dl_xlarge",
  ultra: "dl_ultra",
} as const;

export class DownloadsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Records one download in one transaction: the user's monthly usage (refused, with nothing
   * written, when it would pass the limits), the image's per-quality and total counts, and the
   * event; and the member's grant for the image and size this month. A part of the file (a byte
   * range) is counted as the download only when it makes that grant: the grant's key is unique,
   * so of parallel parts exactly one counts, and the others wait for it and count their bytes.
   * Every download takes the grant before the month's usage row, whole or in parts: in the
   * opposite orders, a whole download and a part of one file deadlocked on PostgreSQL (round 32).
   */
  async record(d: DownloadRecord): Promise<RecordOutcome> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const grant = d.userId === null ? undefined : grantOf(d, d.userId);
        const first =
          grant &&
          (await trx
            .insertInto("download_grants")
            .values(grant)
            .onConflict((oc) => oc.doNothing())
            .returning("user_id")
            .executeTakeFirst());
        if (grant && d.part && !first) return chargePart(trx, d, grant.user_id, d.part);
        // Refused: a grant made above goes back with the transaction.
        if ((await countDownload(trx, d)) === "refused") throw new Refused();
        return "counted";
      });
    } catch (error) {
      if (error instanceof Refused) return "refused";
      throw error;
    }
  }

  async usage(userId: number, month: string): Promise<MonthUsage> {
    const row = await this.db
      .selectFrom("usage_monthly")
      .select(["downloads", "bytes", "unlimited_downloads", "unlimited_bytes"])
      .where("user_id", "=", userId)
      .where("month", "=", month)
      .executeTakeFirst();
    if (!row) return { downloads: 0, bytes: 0, whileFree: { downloads: 0, bytes: 0 } };
    return {
      downloads: row.downloads,
      bytes: row.bytes,
      whileFree: {
        downloads: row.downloads - row.unlimited_downloads,
        bytes: row.bytes - row.unlimited_bytes,
      },
    };
  }
}

/** A refusal that must undo what its transaction wrote. */
class Refused extends Error {}

const grantOf = (d: DownloadRecord, userId: number) => ({
  user_id: userId,
  image_id: d.imageId,
  size: d.size,
  month: d.month,
});

/**
 * What of the month the free limits count: what was not downloaded with no limits (as Pro).
 * Column references, for the conditions of the statements that count.
 */
const DOWNLOADS_WHILE_FREE = sql<number>`usage_monthly.downloads - usage_monthly.unlimited_downloads`;
const BYTES_WHILE_FREE = sql<number>`usage_monthly.bytes - usage_monthly.unlimited_bytes`;

/**
 * A part of a download this member was counted for this month: no download again, but its bytes
 * are bandwidth all the same, or `bytes=1-` would fetch a counted file again and again for
 * nothing (one conditional statement, as a download's count). A part fetched with no limits
 * (as Pro) is not the free limits' to count, whenever its download was counted.
 */
async function chargePart(
  trx: Transaction<Database>,
  d: DownloadRecord,
  userId: number,
  part: { bytes: number },
): Promise<RecordOutcome> {
  if (!d.usage) return "resumed";
  const limits = d.usage.limits;
  const charged = await trx
    .updateTable("usage_monthly")
    .set({
      bytes: sql<number>`usage_monthly.bytes + ${part.bytes}`,
      unlimited_bytes: sql<number>`usage_monthly.unlimited_bytes + ${limits ? 0 : part.bytes}`,
    })
    .where("user_id", "=", userId)
    .where("month", "=", d.month)
    .$if(limits !== undefined, (qb) =>
      qb.where(sql<boolean>`${BYTES_WHILE_FREE} + ${part.bytes} <= ${limits?.bytes}`),
    )
    .executeTakeFirst();
  return Number(charged.numUpdatedRows) === 1 || !limits ? "resumed" : "refused";
}

/**
 * Counts a download: the member's month (refused, nothing written, past its limits: what the
 * month holds of downloads made under them), the image's per-quality and total counts, and the
 * event.
 */
async function countDownload(
  trx: Transaction<Database>,
  d: DownloadRecord,
): Promise<"counted" | "refused"> {
  if (d.userId !== null && d.usage) {
    const limits = d.usage.limits;
    // The month's first download makes the row and so skips the update's condition below: a
    // limit (an admin may set it to 0 or under a file's size) must hold for it as well.
    if (limits && (limits.downloads < 1 || d.bytes > limits.bytes)) return "refused";
    // With no limits (Pro, admin), the download is also set aside from what the free limits count.
    const unlimited = limits ? { downloads: 0, bytes: 0 } : { downloads: 1, bytes: d.bytes };
    const counted = await trx
      .insertInto("usage_monthly")
      .values({
        user_id: d.userId,
        month: d.month,
        downloads: 1,
        bytes: d.bytes,
        unlimited_downloads: unlimited.downloads,
        unlimited_bytes: unlimited.bytes,
      })
      .onConflict((oc) => {
        const update = oc.columns(["user_id", "month"]).doUpdateSet({
          downloads: sql<number>`usage_monthly.downloads + 1`,
          bytes: sql<number>`usage_monthly.bytes + ${d.bytes}`,
          unlimited_downloads: sql<number>`usage_monthly.unlimited_downloads + ${unlimited.downloads}`,
          unlimited_bytes: sql<number>`usage_monthly.unlimited_bytes + ${unlimited.bytes}`,
        });
        return limits
          ? update
              .where(sql<boolean>`${DOWNLOADS_WHILE_FREE} < ${limits.downloads}`)
              .where(sql<boolean>`${BYTES_WHILE_FREE} + ${d.bytes} <= ${limits.bytes}`)
          : update;
      })
      .returning("downloads")
      .executeTakeFirst();
    if (!counted) return "refused";
  }
  const column = STAT_COLUMN[d.size];
  await trx
    .updateTable("images")
    .set((eb) => ({
      [column]: eb(column, "+", 1),
      total_downloads: eb("total_downloads", "+", 1),
    }))
    .where("id", "=", d.imageId)
    .execute();
  await trx
    .insertInto("download_events")
    .values({
      image_id: d.imageId,
      user_id: d.userId,
      size: d.size,
      bytes: d.bytes,
      month: d.month,
      created_at: d.now,
    })
    .execute();
  return "counted";
}
