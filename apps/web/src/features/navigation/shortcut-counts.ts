import { GALLERY_LIST_PARAMS, normalizeStyle } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getImagePage, IMAGES_QUERY_KEY } from "@/lib/images";
import { ART_STYLES, tagListQueryOptions } from "@/lib/tags";
import type { ShortcutCounts } from "./search-groups";

const STYLES = ART_STYLES.map(normalizeStyle);

/**
 * How many images the gallery shows for each of the palette's art styles: each list's total, from
 * a page of one image (the server counts no styles of its own). Under the images key, so an
 * upload or an edit refreshes it with every list.
 */
const styleCountsQueryOptions = queryOptions({
  queryKey: [...IMAGES_QUERY_KEY, "style-counts", STYLES],
  queryFn: async ({ signal }) => {
    const pages = await Promise.all(
      STYLES.map((style) => getImagePage({ ...GALLERY_LIST_PARAMS, style, limit: 1 }, "0", signal)),
    );
    return new Map(STYLES.map((style, index) => [style, pages[index]?.stats.totalImages ?? 0]));
  },
});

/**
 * The image counts of the palette's tag and style shortcuts, asked for once the palette opens: the
 * tag list (which the live results use too) and one small request per art style.
 */
export function useShortcutCounts(open: boolean): ShortcutCounts {
  const tags = useQuery({ ...tagListQueryOptions, enabled: open });
  const styles = useQuery({ ...styleCountsQueryOptions, enabled: open });
  return {
    tags: tags.data ? new Map(tags.data.map(({ tag, count }) => [tag, count])) : undefined,
    styles: styles.data ?? new Map(),
  };
}
