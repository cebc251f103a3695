import { type RawBuilder, sql } from "kysely";

export type DialectName = "sqlite" | "postgres";

/**
 * A column that SQLite should test on each row it walks rather than walk an index of (`+column`,
 * its documented way to keep a term from choosing the index). SQLite keeps no statistics here,
 * so it takes `status = 'ready'`, which nearly every image matches, for a selective condition:
 * given one, it walks an index by status through every image instead of the index of a rare
 * condition beside it. PostgreSQL plans from its statistics: the column as it is.
 */
export function testedPerRow(dialect: DialectName, column: string): RawBuilder<unknown> {
  return dialect === "sqlite" ? sql`+${sql.ref(column)}` : sql`${sql.ref(column)}`;
}
