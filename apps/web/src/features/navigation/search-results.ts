import { slugifyTag, type TagCount } from "@sawdust/shared";

/** Live results start at this many characters: one letter matches half the catalogue. */
export const MIN_SEARCH_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 250;
const TAG_RESULTS = 4;

/**
 * Known tags that contain the words' slug, the exact one first, then by use: only tags that exist
 * are offered, so a suggestion never leads to an empty gallery.
 */
export function matchingTags(tags: readonly TagCount[] | undefined, words: string): TagCount[] {
  const slug = slugifyTag(words);
  if (!tags || slug.length < MIN_SEARCH_LENGTH) return [];
  const rank = (tag: string) => (tag === slug ? 0 : tag.startsWith(slug) ? 1 : 2);
  return tags
    .filter((t) => t.tag.includes(slug))
    .sort((a, b) => rank(a.tag) - rank(b.tag) || b.count - a.count)
    .slice(0, TAG_RESULTS);
}
