import { MESSAGES, PAGING } from "@sawdust/shared";
import { SearchX } from "lucide-react";
import { Suspense, useCallback } from "react";
import { paths } from "@/app/paths";
import { ImageGrid } from "@/components/artwork/image-grid";
import type { TileLayout } from "@/components/artwork/image-tile";
import { InfiniteScrollSentinel } from "@/components/artwork/infinite-scroll-sentinel";
import { Button } from "@/components/ui/button";
import type { ImageFilters } from "@/lib/images";
import { retryingLazy } from "@/lib/retrying-lazy";
import { filterSearch } from "../use-gallery-filters";
import type { GalleryImages as GalleryImagesQuery } from "../use-gallery-images";
import { StateMessage } from "./state-message";

// Only a failed first page shows it (never the server's render, which fails instead): its code
// waits until then.
const GalleryLoadError = retryingLazy(
  () => import("./gallery-load-error"),
  (m) => m.GalleryLoadError,
);

interface GalleryImagesProps {
  list: GalleryImagesQuery;
  filters: ImageFilters;
  filterCount: number;
  layout: TileLayout;
  onClearFilters: () => void;
}

// 'No images found – Try adjusting your search or filters': a heading and its hint.
const [EMPTY_TITLE, EMPTY_HINT] = MESSAGES.images.empty.split(" – ");

/** The gallery's artwork: placeholders, then tiles page after page; or the empty or error state. */
export function GalleryImages({
  list,
  filters,
  filterCount,
  layout,
  onClearFilters,
}: GalleryImagesProps) {
  const { query, images, loadMore } = list;
  const search = filterSearch(filters);
  // Opening an image keeps the filters, so closing it comes back to the same gallery.
  const hrefFor = useCallback(
    (image: { id: number }) => `${paths.image.getHref(image.id)}${search}`,
    [search],
  );

  if (query.isError && !query.data) {
    return (
      <Suspense fallback={null}>
        <GalleryLoadError message={query.error.message} onRetry={() => void query.refetch()} />
      </Suspense>
    );
  }

  if (query.isSuccess && images.length === 0 && !query.hasNextPage) {
    return (
      <StateMessage
        icon={<SearchX className="size-6" aria-hidden />}
        title={EMPTY_TITLE ?? MESSAGES.images.empty}
        testId="gallery-empty"
      >
        {EMPTY_HINT && <p>{EMPTY_HINT}</p>}
        {filterCount > 0 && (
          <Button variant="outline" className="mt-5 rounded-full" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </StateMessage>
    );
  }

  const loading = query.isPending || query.isFetchingNextPage;
  return (
    <div className="relative">
      <ImageGrid
        images={images}
        layout={layout}
        placeholders={loading ? PAGING.galleryPlaceholders : 0}
        hrefFor={hrefFor}
        showTags
        label="Artwork"
      />
      {query.isFetchNextPageError && (
        <div role="alert" className="mt-8 flex flex-col items-center gap-3 text-center text-sm">
          <p className="text-muted-foreground">{query.error?.message}</p>
          <Button variant="outline" className="rounded-full" onClick={loadMore}>
            Try again
          </Button>
        </div>
      )}
      <InfiniteScrollSentinel
        enabled={query.hasNextPage && !query.isFetching && !query.isFetchNextPageError}
        onLoadMore={loadMore}
      />
    </div>
  );
}
