import { type Image, slugifyTag, type TagCount } from "@sawdust/shared";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { getImagePage, IMAGES_QUERY_KEY } from "@/lib/images";

/** Live results start at this many characters: one letter matches half the catalogue. */
export const MIN_SEARCH_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 250;
const ARTWORK_RESULTS = 6;
const TAG_RESULTS = 4;

/**
 * Public artwork whose title, description, tags or style match the words. Under the images key,
 * so an upload or an edit refreshes it with every other list.
 */
export function artworkSearchQueryOptions(words: string) {
  return queryOptions({
    queryKey: [...IMAGES_QUERY_KEY, "search", words],
    queryFn: async ({ signal }): Promise<Image[]> => {
      const page = await getImagePage(
        { q: words, limit: ARTWORK_RESULTS, visibility: "public" },
        "0",
        signal,
      );
      return page.images.filter((image) => image.urlSmall !== "");
    },
    // While the next words are on their way, the last results stay rather than flicker away.
    placeholderData: keepPreviousData,
  });
}

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
