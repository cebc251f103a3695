import { GALLERY_LIST_PARAMS, MESSAGES, PAGING, slugifyTag, tagHeading } from "@sawdust/shared";
import { ArrowRight, ChevronRight, Tag as TagIcon } from "lucide-react";
import { Link, useParams } from "react-router";
import { paths } from "@/app/paths";
import { LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useImageList } from "@/lib/api/get-images";
import { listTotalLabel } from "@/lib/counts";
import { useDocumentTitle } from "@/lib/document-title";
import { imagesOfPages } from "@/lib/images";
import { TagTile } from "./components/tag-tile";
import { useLoadMoreOnScroll } from "./use-load-more-on-scroll";

/** Tiles above the fold load at once; the rest wait until they are near the viewport. */
const EAGER_TILES = 8;

/** /tag/{tag}: every public image carrying one tag, as a grid of small squares. */
export function TagPage() {
  const { tag: rawTag = "" } = useParams();
  const tag = slugifyTag(rawTag);
  const label = tagHeading(rawTag);
  useDocumentTitle(label);
  const list = useImageList({ tag, visibility: "public", limit: PAGING.defaultLimit });
  const images = imagesOfPages(list.data?.pages);
  const total = list.data?.pages[0]?.stats;
  // The tag counts every edition type; the gallery shows its own pieces only (spec section 1), so
  // the link says how many it opens. One image is enough to learn the count.
  const galleryList = useImageList({ ...GALLERY_LIST_PARAMS, tag, limit: 1 });
  const galleryTotal = galleryList.data?.pages[0]?.stats;
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage;
  const sentinel = useLoadMoreOnScroll<HTMLDivElement>(
    () => void list.fetchNextPage(),
    canLoadMore,
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-muted-foreground">
        <ol className="flex items-center gap-1.5">
          <li>
            <Link to={paths.explore.getHref()} className="hover:text-foreground hover:underline">
              Explore
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-3.5" />
          </li>
          <li aria-current="page" className="truncate font-medium text-foreground">
            {label}
          </li>
        </ol>
      </nav>

      <header className="flex flex-wrap items-end justify-between gap-4 border-b pb-6">
        <div>
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-widest text-brand-strong uppercase">
            <TagIcon className="size-3.5" aria-hidden />
            Tag
          </p>
          <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight wrap-anywhere sm:text-5xl">
            {label}
          </h1>
          <p className="mt-2 text-muted-foreground" aria-live="polite">
            {total === undefined ? "\u00a0" : listTotalLabel(total)}
          </p>
        </div>
        {galleryTotal && galleryTotal.totalImages > 0 && (
          // Its words wrap on a narrow phone, the button growing taller, instead of widening
          // the page; pre-line wraps this text as `normal` would, with a class the app has.
          <Button
            asChild
            variant="outline"
            className="h-auto shrink whitespace-pre-line py-2.5 text-center"
          >
            <Link to={paths.gallery.getHref({ tag })}>
              {MESSAGES.gallery.openTagPieces(
                listTotalLabel(galleryTotal, "gallery piece", "gallery pieces"),
              )}
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        )}
      </header>

      <section aria-label={`Images tagged ${label}`} className="mt-8">
        {list.isPending ? (
          <div role="status" aria-label="Loading images">
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 sm:gap-4">
              {Array.from({ length: PAGING.tagSkeletonSquares }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <li key={i} data-testid="tag-skeleton">
                  <Skeleton className="aspect-square rounded-lg" />
                </li>
              ))}
            </ul>
          </div>
        ) : list.isError ? (
          <LoadErrorPanel
            title={MESSAGES.explore.somethingWrong}
            text={list.error.message}
            onRetry={() => void list.refetch()}
          />
        ) : images.length === 0 ? (
          <div className="rounded-xl border border-dashed bg-card/60 px-6 py-16 text-center">
            <h2 className="font-display text-2xl font-semibold">Nothing tagged “{label}” yet</h2>
            <p className="mt-2 text-muted-foreground">
              New artwork is added all the time. Meanwhile, there is plenty more to discover.
            </p>
            <Button asChild className="mt-6">
              <Link to={paths.explore.getHref()}>Explore all tags</Link>
            </Button>
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 sm:gap-4">
              {images.map((image, index) => (
                <TagTile
                  key={image.id}
                  image={image}
                  priority={index === 0 ? "high" : index < EAGER_TILES ? "eager" : undefined}
                />
              ))}
            </ul>
            <div ref={sentinel} className="mt-8 flex justify-center">
              {list.isFetchingNextPage ? (
                <Spinner label="Loading more images" />
              ) : list.hasNextPage ? (
                <Button variant="outline" onClick={() => void list.fetchNextPage()}>
                  Load More
                </Button>
              ) : null}
            </div>
          </>
        )}
      </section>
    </div>
  );
}
