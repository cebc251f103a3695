import type { Db } from "../../db/database.js";

/** Settings keys of the visitors' daily salts: `view-salt:{YYYY-MM-DD}`. */
/** Settings key of a day's visitor salt: `view-salt:YYYY-MM-DD`. */
export const SALT_KEY_PREFIX = "view-salt:";

export class ViewsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Counts the view unless this viewer was already counted for this image today, in one
   * transaction (concurrent twins insert once: the primary key decides). Returns the image's
   * view count after it.
   */
  async record(imageId: number, viewerKey: string, day: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("image_views")
        .values({ day, image_id: imageId, viewer_key: viewerKey })
        .onConflict((oc) => oc.columns(["day", "image_id", "viewer_key"]).doNothing())
        .returning("image_id")
        .executeTakeFirst();
      if (inserted) {
        await trx
          .updateTable("images")
          .set((eb) => ({ views: eb("views", "+", 1) }))
          .where("id", "=", imageId)
          .execute();
        // The day's count, kept after image_views is pruned (the admin analytics' views).
        await trx
          .insertInto("image_view_days")
          .values({ day, image_id: imageId, views: 1 })
          .onConflict((oc) =>
            oc
              .columns(["day", "image_id"])
              .doUpdateSet((eb) => ({ views: eb("image_view_days.views", "+", 1) })),
          )
          .execute();
      }
      const row = await trx
        .selectFrom("images")
        .select("views")
        .where("id", "=", imageId)
        .executeTakeFirst();
      return row?.views ?? 0;
    });
  }

  /**
   * Forgets the days before `day`: their view rows and their salts (without the salt, a past
   * visitor key can no longer be recomputed from an IP address). Returns the view rows removed.
   */
  async pruneBefore(day: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const views = await trx.deleteFrom("image_views").where("day", "<", day).executeTakeFirst();
      await trx
        .deleteFrom("settings")
        .where("key", ">=", SALT_KEY_PREFIX)
        .where("key", "<", `${SALT_KEY_PREFIX}${day}`)
        .execute();
      return Number(views.numDeletedRows);
    });
  }
}
