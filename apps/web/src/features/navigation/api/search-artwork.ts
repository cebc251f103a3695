import type { Image } from "@sawdust/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { getImagePage, IMAGES_QUERY_KEY } from "@/lib/api/get-images";

const ARTWORK_RESULTS = 6;

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

export function useArtworkSearch(words: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...artworkSearchQueryOptions(words), enabled });
}
