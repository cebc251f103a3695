import { GALLERY_LIST_PARAMS } from "@sawdust/shared";
import { useCallback, useMemo } from "react";
import { useImageList } from "@/lib/api/get-images";
import { type ImageFilters, imagesOfPages } from "@/lib/images";

/** The gallery's image list for the given filters, page by page. */
export function useGalleryImages(filters: ImageFilters) {
  // The server preloads the unfiltered first page of exactly these parameters (web-app.ts).
  const query = useImageList({ ...filters, ...GALLERY_LIST_PARAMS });
  const { data, fetchNextPage } = query;
  const images = useMemo(() => imagesOfPages(data?.pages), [data]);
  const loadMore = useCallback(() => {
    // A second call while one page is on its way must not cancel and restart it.
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);
  return { query, images, total: data?.pages[0]?.stats, loadMore };
}

export type GalleryImages = ReturnType<typeof useGalleryImages>;
