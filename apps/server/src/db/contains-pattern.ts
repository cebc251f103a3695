import { type RawBuilder, type SqlBool, sql } from "kysely";
import type { DialectName } from "./dialect.js";

/**
 * `%text%` for a case-insensitive LIKE on both dialects, its wildcards escaped: compare it with
 * `lower(column) like … escape '\'` (PostgreSQL's LIKE is case-sensitive). For ASCII columns
 * (usernames, emails); people's text goes through `foldedContains`.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Text as a search compares it, in any script: composed (NFC), lower case, the Greek final sigma
 * as any sigma (JavaScript writes "ΣΟΦΟΣ" as "σοφος", PostgreSQL as "σοφοσ") and the Turkish
 * capital İ as i. SQLite's own lower() changes ASCII only, so its connection gets this function
 * as `sawdust_fold` (database.ts); PostgreSQL says the same in SQL (foldedContains).
 */
export function foldText(text: string): string {
  return text
    .normalize("NFC")
    .toLowerCase()
    .replace(/ς/g, "σ")
    .replace(/i\u0307/g, "i");
}

/** SQLite's name for foldText (registered on each connection). */
export const SQLITE_FOLD_FUNCTION = "sawdust_fold";

/** Whether `column`, folded (foldText), contains `text` folded the same way. */
export function foldedContains(
  dialect: DialectName,
  column: string,
  text: string,
): RawBuilder<SqlBool> {
  const pattern = `%${foldText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const folded =
    dialect === "postgres"
      ? sql`replace(translate(lower(normalize(${sql.ref(column)}, NFC)), 'ς', 'σ'), ${"i\u0307"}, 'i')`
      : sql`${sql.raw(SQLITE_FOLD_FUNCTION)}(${sql.ref(column)})`;
  return sql<SqlBool>`${folded} like ${pattern} escape '\\'`;
}
