import { GALLERY_LIST_PARAMS, normalizeStyle } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getImagePage, IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { ART_STYLES } from "@/lib/tags";

const STYLES = ART_STYLES.map(normalizeStyle);

/**
 * How many images the gallery shows for each of the palette's art styles: each list's total, from
 * a page of one image (the server counts no styles of its own). Under the images key, so an
 * upload or an edit refreshes it with every list.
 */
export const styleCountsQueryOptions = queryOptions({
  queryKey: [...IMAGES_QUERY_KEY, "style-counts", STYLES],
  queryFn: async ({ signal }) => {
    const pages = await Promise.all(
      STYLES.map((style) => getImagePage({ ...GALLERY_LIST_PARAMS, style, limit: 1 }, "0", signal)),
    );
    return new Map(STYLES.map((style, index) => [style, pages[index]?.stats.totalImages ?? 0]));
  },
});

export function useStyleCounts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...styleCountsQueryOptions, enabled });
}
