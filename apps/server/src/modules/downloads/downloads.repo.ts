import { sql } from "kysely";
import type { Db } from "../../db/database.js";

export interface DownloadRecord {
  imageId: number;
  userId: number | null;
  size: "preview" | "basic" | "hd" | "xlarge" | "ultra";
  bytes: number;
  month: string;
  now: number;
  /** Counts toward the user's monthly usage (and its limits, when given). */
  usage?: { limits?: { downloads: number; bytes: number } };
  /**
   * A byte range after the first byte, of this many bytes: when this member's download of the
   * same image and size was counted this month, it is not counted as a download again, but its
   * bytes count toward the month's bandwidth (refused past it); counted like any download otherwise.
   */
  resume?: { bytes: number };
}

/**
 * What `record` did: counted it, let a resume through (as a download, free), or refused it at
 * the limits.
 */
export type RecordOutcome = "counted" | "resumed" | "refused";

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
   * event; and the member's grant for the image and size this month, which lets a resume of it
   * through without counting it as a download again.
   */
  async record(d: DownloadRecord): Promise<RecordOutcome> {
    return this.db.transaction().execute(async (trx) => {
      if (d.userId !== null && d.resume) {
        const granted = await trx
          .selectFrom("download_grants")
          .select("user_id")
          .where("user_id", "=", d.userId)
          .where("image_id", "=", d.imageId)
          .where("size", "=", d.size)
          .where("month", "=", d.month)
          .executeTakeFirst();
        if (granted) {
          if (!d.usage) return "resumed";
          // A resume's bytes are bandwidth all the same, or `bytes=1-` would fetch a counted
          // file again and again for nothing: one conditional statement, as a download's count.
          const limits = d.usage.limits;
          const charged = await trx
            .updateTable("usage_monthly")
            .set({ bytes: sql<number>`usage_monthly.bytes + ${d.resume.bytes}` })
            .where("user_id", "=", d.userId)
            .where("month", "=", d.month)
            .$if(limits !== undefined, (qb) =>
              qb.where(sql<boolean>`usage_monthly.bytes + ${d.resume?.bytes} <= ${limits?.bytes}`),
            )
            .executeTakeFirst();
          return Number(charged.numUpdatedRows) === 1 || !limits ? "resumed" : "refused";
        }
      }
      if (d.userId !== null && d.usage) {
        const limits = d.usage.limits;
        // The month's first download makes the row and so skips the update's condition below: a
        // limit (an admin may set it to 0 or under a file's size) must hold for it as well.
        if (limits && (limits.downloads < 1 || d.bytes > limits.bytes)) return "refused";
        const counted = await trx
          .insertInto("usage_monthly")
          .values({ user_id: d.userId, month: d.month, downloads: 1, bytes: d.bytes })
          .onConflict((oc) => {
            const update = oc.columns(["user_id", "month"]).doUpdateSet({
              downloads: sql<number>`usage_monthly.downloads + 1`,
              bytes: sql<number>`usage_monthly.bytes + ${d.bytes}`,
            });
            return limits
              ? update
                  .where("usage_monthly.downloads", "<", limits.downloads)
                  .where(sql<boolean>`usage_monthly.bytes + ${d.bytes} <= ${limits.bytes}`)
              : update;
          })
          .returning("downloads")
          .executeTakeFirst();
        if (!counted) return "refused";
      }
      if (d.userId !== null) {
        await trx
          .insertInto("download_grants")
          .values({ user_id: d.userId, image_id: d.imageId, size: d.size, month: d.month })
          .onConflict((oc) => oc.doNothing())
          .execute();
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
    });
  }

  async usage(userId: number, month: string): Promise<{ downloads: number; bytes: number }> {
    const row = await this.db
      .selectFrom("usage_monthly")
      .select(["downloads", "bytes"])
      .where("user_id", "=", userId)
      .where("month", "=", month)
      .executeTakeFirst();
    return row ?? { downloads: 0, bytes: 0 };
  }
}
