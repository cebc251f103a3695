import { MESSAGES, PAGING } from "@sawdust/shared";
import { useSearchParams } from "react-router";
import { useImageList } from "@/lib/api/get-images";
import { imagesOfPages } from "@/lib/images";
import { availabilityOf } from "./components/availability-filter";

/**
 * The public images of some edition types, a page of 20 at a time (newest first), filtered by
 * the page's `?availability=` (all, available or sold; the list API applies it).
 */
export function usePublicEditions(editionType: readonly string[]) {
  const [searchParams] = useSearchParams();
  const availability = availabilityOf(searchParams.get("availability"));
  const list = useImageList({
    editionType,
    visibility: "public",
    limit: PAGING.defaultLimit,
    ...(availability === "all" ? {} : { availability }),
  });
  return {
    list,
    images: imagesOfPages(list.data?.pages),
    total: list.data?.pages[0]?.stats,
    availability,
    /** What an empty page says when the filter, not the catalogue, emptied it. */
    filteredEmptyText:
      availability === "available"
        ? MESSAGES.editions.noneAvailable
        : availability === "sold"
          ? MESSAGES.editions.noneSold
          : undefined,
  };
}
