import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";

/** The settings row the hero is kept in, as JSON. */
export const HERO_SETTING = "hero_content";

/** The hero's row in `settings`. */
export class HeroRepo {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  async find(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", HERO_SETTING)
      .executeTakeFirst();
    return row?.value;
  }

  /**
   * Stores the hero and its audit entry in one transaction. The entry is made from the value it
   * replaces, read in that transaction (held on PostgreSQL; SQLite has one writer), so two admins
   * saving at once each record what they really replaced.
   */
  async save(
    value: string,
    now: number,
    auditOf: (previous: string | undefined) => AuditEntryInput,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      let previousQuery = trx
        .selectFrom("settings")
        .select("value")
        .where("key", "=", HERO_SETTING);
      if (this.dialect === "postgres") previousQuery = previousQuery.forUpdate();
      const previous = await previousQuery.executeTakeFirst();
      await trx
        .insertInto("settings")
        .values({ key: HERO_SETTING, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
      await trx
        .insertInto("audit_log")
        .values(newAuditRow(auditOf(previous?.value), now))
        .execute();
    });
  }
}
