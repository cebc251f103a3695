import { SEARCH } from "@sawdust/shared";

/** A word starts with a letter or digit and may carry combining marks (a decomposed "é"). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;
/** Longer words are cut: no real word is this long, and the cut keeps the query bounded. */
const MAX_WORD_CHARS = 64;

/**
 * Text without the accents of Latin letters, as both indexes hold it: decomposed, the combining
 * diacritical marks (U+0300–U+036F) after a Latin letter removed, composed again. SQLite's
 * unicode61 tokenizer (remove_diacritics 2) folds Latin letters only, so only they are folded
 * here: "й", "ё" or Greek tonos stay as typed, as SQLite keeps them. PostgreSQL's search_vector
 * is made the same way (migration 0032), so "cafe" finds "Café" and "Café" finds "Cafe" on both,
 * and Hangul and kana, taken apart by the decomposition, are put together again.
 */
export function withoutAccents(text: string): string {
  return text
    .normalize("NFD")
    .replace(/([A-Za-z])[\u0300-\u036f]+/g, "$1")
    .normalize("NFC");
}

/**
 * The words of what a person typed into search, and nothing else: quotes, operators, `*`, `-`,
 * control characters and punctuation all fall away, so no input can reach the database as query
 * syntax. A slug such as `misty-forest` becomes its words, as the index holds it. An empty list
 * means no search filter.
 */
export function searchTermsOf(text: string | undefined): string[] {
  if (!text) return [];
  const words = withoutAccents(text).match(WORD) ?? [];
  return [...new Set(words.map((w) => Array.from(w).slice(0, MAX_WORD_CHARS).join("")))].slice(
    0,
    SEARCH.maxTerms,
  );
}

/**
 * The search part of a list's filter (ImageFilter's `search` and `searchHasNoWords`) for what was
 * typed: its words, or, when text was typed but holds no word (`🇯🇵`, `"*" --`), a search that
 * matches nothing, as a word no image has does. It once meant no search, and listed the whole
 * catalogue for a flag. Nothing typed (absent, or blank once trimmed) is no search.
 */
export function searchFilterOf(text: string | undefined): {
  search: string[];
  searchHasNoWords?: true;
} {
  const search = searchTermsOf(text);
  return text?.trim() && search.length === 0 ? { search, searchHasNoWords: true } : { search };
}

/**
 * SQLite FTS5 MATCH text: every word must match, the last one as a prefix ("drag" finds
 * "dragon" while the person types). Words are quoted strings, never operators. `lastWordAs`: the
 * index's terms that begin with the last word (images.repo.ts looks them up), matched as an OR
 * of exact terms instead of FTS5's prefix query, which merges the doclists of every matching
 * term before it returns the first row (its cost follows the number of matches, 475,013 for
 * "landscape" at 1,000,000 images); an OR of terms walks them newest first and stops at the page.
 */
export function toFts5Query(terms: string[], lastWordAs?: readonly string[]): string {
  const last = terms.length - 1;
  return terms
    .map((t, i) => {
      if (i < last) return `"${t}"`;
      // The prefix spelled out as the index's own terms: the same matches, read lazily.
      if (lastWordAs && lastWordAs.length > 0) {
        const words = lastWordAs.map((w) => `"${w.replaceAll('"', '""')}"`);
        return words.length === 1 ? words[0] : `(${words.join(" OR ")})`;
      }
      return `"${t}"*`;
    })
    .join(" AND ");
}

/**
 * The lower-cased prefix under which SQLite's index (unicode61, case folded) files the words a
 * search word begins, when it can be worked out here exactly: ASCII letters and digits only, the
 * tokenizer's folding of anything else is left to the index itself (undefined: search it as a
 * prefix).
 */
export function indexedPrefixOf(term: string): string | undefined {
  return /^[A-Za-z0-9]+$/.test(term) ? term.toLowerCase() : undefined;
}

/**
 * The smallest string above every word that starts with `prefix` (its last character raised by
 * one): the end of the prefix's range in the index's term order.
 */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * PostgreSQL to_tsquery text with the same meaning as toFts5Query. Greek's final sigma is read as
 * σ, as search_vector holds it (migration 0034): PostgreSQL lower-cases Σ to σ wherever it stands,
 * so "ΛΟΓΟΣ" is filed as "λογοσ" while "λογος" is typed with ς (SQLite's tokenizer folds ς to σ
 * on both sides itself).
 */
export function toTsQuery(terms: string[]): string {
  return terms
    .map((t, i) => `'${t.replaceAll("ς", "σ")}'${i === terms.length - 1 ? ":*" : ""}`)
    .join(" & ");
}
