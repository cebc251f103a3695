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
   * event. Returns false when the limits refused it.
   */
  async record(d: DownloadRecord): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (d.userId !== null && d.usage) {
        const limits = d.usage.limits;
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
        if (!counted) return false;
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
      return true;
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
