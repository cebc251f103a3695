import { slugifyTag, type TagCount } from "@sawdust/shared";

export const MAX_TAG_SUGGESTIONS = 8;

/**
 * The tags the search box offers for what was typed: those containing its slug, the exact tag
 * first (Enter takes the first suggestion), then the ones that start with it, then the most used.
 * With nothing typed, the most used tags.
 */
export function tagSuggestions(
  tags: readonly TagCount[] | undefined,
  text: string,
  limit = MAX_TAG_SUGGESTIONS,
): TagCount[] {
  const wanted = slugifyTag(text);
  const rank = (tag: string) => (tag === wanted ? 0 : tag.startsWith(wanted) ? 1 : 2);
  return (tags ?? [])
    .filter(({ tag }) => tag.includes(wanted))
    .sort((a, b) => rank(a.tag) - rank(b.tag) || b.count - a.count)
    .slice(0, limit);
}
