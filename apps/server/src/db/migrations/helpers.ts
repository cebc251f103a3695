import type { CreateTableBuilder } from "kysely";
import type { DialectName } from "../dialect.js";

/** An auto-increment integer primary key `id`, spelled as each dialect wants it. */
export function idColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: DialectName,
): CreateTableBuilder<T, "id"> {
  return dialect === "postgres"
    ? table.addColumn("id", "bigserial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
