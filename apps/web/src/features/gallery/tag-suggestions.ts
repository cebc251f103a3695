import { slugifyTag, type TagCount } from "@sawdust/shared";

export const MAX_TAG_SUGGESTIONS = 8;

/**
 * The tags the search box offers for what was typed: those containing its slug, the ones that
 * start with it first, then the most used. With nothing typed, the most used tags.
 */
export function tagSuggestions(
  tags: readonly TagCount[] | undefined,
  text: string,
  limit = MAX_TAG_SUGGESTIONS,
): TagCount[] {
  const wanted = slugifyTag(text);
  const matching = (tags ?? []).filter(({ tag }) => tag.includes(wanted));
  return matching
    .sort(
      (a, b) =>
        Number(b.tag.startsWith(wanted)) - Number(a.tag.startsWith(wanted)) || b.count - a.count,
    )
    .slice(0, limit);
}
