import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";

export class SettingsRepo {
  /** `dialect` matters only to `replaceAudited` (PostgreSQL locks the row it replaces). */
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName = "sqlite",
  ) {}

  /** The stored value, or `make()`'s stored first (the first writer wins across processes). */
  async getOrCreate(key: string, make: () => string): Promise<string> {
    await this.db
      .insertInto("settings")
      .values({ key, value: make() })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    const row = await this.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirstOrThrow();
    return row.value;
  }

  async get(key: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", key)
      .executeTakeFirst();
    return row?.value;
  }

  /**
   * Replaces the value only while it still is `expected` (undefined: none yet), in one statement:
   * of several processes swapping the same value, one does. Whether this one did.
   */
  async swap(key: string, expected: string | undefined, value: string): Promise<boolean> {
    if (expected === undefined) {
      const inserted = await this.db
        .insertInto("settings")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    }
    const updated = await this.db
      .updateTable("settings")
      .set({ value })
      .where("key", "=", key)
      .where("value", "=", expected)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto("settings")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
  }

  /**
   * Replaces the value and writes the audit entry `auditOf` makes from the value before, in one
   * transaction (PostgreSQL holds the row meanwhile, so two saves never both report the same
   * "before"). `assertBefore` may refuse (throw) on seeing the value before, which leaves it as
   * it was: a save made from a form of an older version. Returns the value before (undefined
   * when there was none).
   */
  async replaceAudited(
    key: string,
    value: string,
    auditOf: (before: string | undefined) => AuditEntryInput,
    now: number,
    assertBefore: (before: string | undefined) => void = () => {},
  ): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let read = trx.selectFrom("settings").select("value").where("key", "=", key);
      if (this.dialect === "postgres") read = read.forUpdate();
      const before = (await read.executeTakeFirst())?.value;
      assertBefore(before);
      await trx
        .insertInto("settings")
        .values({ key, value })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
        .execute();
      await trx
        .insertInto("audit_log")
        .values(newAuditRow(auditOf(before), now))
        .execute();
      return before;
    });
  }
}
