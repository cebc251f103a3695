import type { Kysely } from "kysely";
import type { DialectName } from "../dialect.js";

/**
 * A job's failed runs that were outages (`outages`): the storage, the database or a model's
 * server out of reach, not a fault of the job. They no longer use up its attempts: a storage
 * outage of 75 seconds used up an upload's 5 analysis attempts, and the image stayed private and
 * unanalysed for good. `attempts` still counts every run; the worker counts the job's
 * own failures as `attempts - outages`, and the outages against a budget of their own.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema before it exists.
export async function up(db: Kysely<any>, _dialect: DialectName): Promise<void> {
  await db.schema
    .alterTable("jobs")
    .addColumn("outages", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
