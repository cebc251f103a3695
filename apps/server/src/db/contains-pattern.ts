/**
 * `%text%` for a case-insensitive LIKE on both dialects, its wildcards escaped: compare it with
 * `lower(column) like … escape '\'` (PostgreSQL's LIKE is case-sensitive).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
