import { MESSAGES, PAGING, slugifyTag } from "@sawdust/shared";
import { ArrowLeft } from "lucide-react";
import { useRef } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { LoadMoreButton } from "@/components/layout/load-more-button";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useImageList } from "@/lib/api/get-images";
import { listTotalLabel } from "@/lib/counts";
import { detailState, openerProps } from "@/lib/detail-route";
import { useDocumentTitle } from "@/lib/document-title";
import { imagesOfPages, imageTitle } from "@/lib/images";

/** Each card's width (the page's padding and the grid's gaps taken off). */
const CARD_SIZES =
  "(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 96px) / 4), (min-width: 768px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 64px) / 2), calc((100vw - 44px) / 2)";
const GRID = "grid grid-cols-2 gap-x-3 gap-y-5 sm:gap-x-4 md:grid-cols-3 lg:grid-cols-4";

/** /explore?tag={tag}: the public images of one tag, with the way back to the explore page. */
export function TagBrowser({ tag: rawTag }: { tag: string }) {
  const tag = slugifyTag(rawTag);
  const words = tag.replaceAll("-", " ") || rawTag;
  useDocumentTitle(`Browsing: ${words}`);
  const list = useImageList({ tag, visibility: "public", limit: PAGING.defaultLimit });
  const images = imagesOfPages(list.data?.pages);
  const total = list.data?.pages[0]?.stats;
  const location = useLocation();
  const section = useRef<HTMLElement>(null);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <Button asChild variant="ghost" size="sm" className="-ml-3">
        <Link to={paths.explore.getHref()}>
          <ArrowLeft aria-hidden />
          Back to Explore
        </Link>
      </Button>
      <header className="mt-4 border-b pb-6">
        <h1 className="font-display text-3xl font-semibold tracking-tight wrap-anywhere sm:text-4xl">
          Browsing: {words}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {total === undefined ? "\u00a0" : listTotalLabel(total)}
        </p>
      </header>

      <section ref={section} aria-label={`Images tagged ${words}`} className="mt-8">
        {list.isPending ? (
          <div role="status" aria-label="Loading images" className={GRID}>
            {Array.from({ length: PAGING.tagSkeletonSquares }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="aspect-[4/5] rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <div className="rounded-xl border bg-card px-6 py-12 text-center">
            <h2 className="font-display text-2xl font-semibold">
              {MESSAGES.explore.somethingWrong}
            </h2>
            <p className="mt-2 text-muted-foreground">{list.error.message}</p>
          </div>
        ) : images.length === 0 ? (
          <p className="rounded-xl border border-dashed bg-card/60 px-6 py-16 text-center text-muted-foreground">
            No public images carry this tag yet.
          </p>
        ) : (
          <>
            <ul className={GRID}>
              {images.map((image, index) => (
                <li key={image.id}>
                  <Link
                    to={paths.image.getHref(image.id)}
                    state={detailState(location)}
                    {...openerProps(image.id)}
                    className="group block"
                  >
                    <span className="block aspect-[4/5] overflow-hidden rounded-lg bg-muted">
                      <ArtImage
                        image={image}
                        sizes={CARD_SIZES}
                        cover={4 / 5}
                        alt=""
                        priority={index < 4 ? "eager" : undefined}
                        className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
                      />
                    </span>
                    <span className="mt-2 block truncate text-sm font-medium group-hover:underline">
                      {imageTitle(image)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {/* Always there: the button moves the focus on when the last page has come. */}
            <div className="mt-8 flex justify-center empty:hidden">
              <LoadMoreButton list={list} items={section}>
                Load More
              </LoadMoreButton>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
