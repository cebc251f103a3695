import type { Db } from "../../db/database.js";

export class SettingsRepo {
  constructor(private readonly db: Db) {}

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

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insertInto("settings")
      .values({ key, value })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
      .execute();
  }
}
