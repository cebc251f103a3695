import { SEARCH } from "@sawdust/shared";

/** A word starts with a letter or digit and may carry combining marks (a decomposed "é"). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
/** Longer words are cut: no real word is this long, and the cut keeps the query bounded. */
const MAX_WORD_CHARS = 64;

/**
 * The words of what a person typed into search, and nothing else: quotes, operators, `*`, `-`,
 * control characters and punctuation all fall away, so no input can reach the database as query
 * syntax. A slug such as `misty-forest` becomes its words, as the index holds it. An empty list
 * means no search filter.
 */
export function searchTermsOf(text: string | undefined): string[] {
  if (!text) return [];
  const words = text.normalize("NFC").match(WORD) ?? [];
  return [...new Set(words.map((w) => Array.from(w).slice(0, MAX_WORD_CHARS).join("")))].slice(
    0,
    SEARCH.maxTerms,
  );
}

/**
 * SQLite FTS5 MATCH text: every word must match, the last one as a prefix ("drag" finds
 * "dragon" while the person types). Words are quoted strings, never operators.
 */
export function toFts5Query(terms: string[]): string {
  return terms.map((t, i) => `"${t}"${i === terms.length - 1 ? "*" : ""}`).join(" AND ");
}

/** PostgreSQL to_tsquery text with the same meaning as toFts5Query. */
export function toTsQuery(terms: string[]): string {
  return terms.map((t, i) => `'${t}'${i === terms.length - 1 ? ":*" : ""}`).join(" & ");
}
