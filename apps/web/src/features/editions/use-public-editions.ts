import { PAGING } from "@sawdust/shared";
import { useImageList } from "@/lib/api/get-images";
import { imagesOfPages } from "@/lib/images";

/** The public images of some edition types, a page of 20 at a time (newest first). */
export function usePublicEditions(editionType: readonly string[]) {
  const list = useImageList({ editionType, visibility: "public", limit: PAGING.defaultLimit });
  return {
    list,
    images: imagesOfPages(list.data?.pages),
    total: list.data?.pages[0]?.stats.totalImages,
  };
}
