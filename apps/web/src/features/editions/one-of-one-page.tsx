import { EDITION_LABELS, PAGING } from "@sawdust/shared";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { BuyButton } from "@/components/editions/buy-button";
import { Skeleton } from "@/components/ui/skeleton";
import { useUser } from "@/lib/api/get-current-user";
import { listTotalLabel } from "@/lib/counts";
import { detailState, openerProps } from "@/lib/detail-route";
import { salesStatus } from "@/lib/edition-status";
import { imageTitle } from "@/lib/images";
import { AvailabilityFilter } from "./components/availability-filter";
import { priceText } from "./components/edition-text";
import { EditionsPageShell } from "./components/editions-page-shell";
import { usePublicEditions } from "./use-public-editions";

const ONE_OF_ONE = ["one_of_one"] as const;
/** Each card's width (measured: the page's padding and the grid's gaps taken off). */
const CARD_SIZES =
  "(min-width: 1280px) 293px, (min-width: 1024px) calc((100vw - 108px) / 4), (min-width: 640px) calc((100vw - 88px) / 3), calc((100vw - 44px) / 2)";
const GRID = "grid grid-cols-2 gap-x-3 gap-y-7 sm:grid-cols-3 sm:gap-x-5 lg:grid-cols-4";
const EAGER_CARDS = 4;

/** /one-of-one: the public one-of-a-kind pieces with their prices. */
export function OneOfOnePage() {
  const { list, images, total, availability, filteredEmptyText } = usePublicEditions(ONE_OF_ONE);
  const location = useLocation();
  const { data: user } = useUser();

  return (
    <EditionsPageShell
      eyebrow="Unique works"
      title={EDITION_LABELS.one_of_one}
      intro="Exclusive one-of-a-kind pieces. Each exists once, for one collector."
      countText={total && listTotalLabel(total, "piece", "pieces")}
      list={list}
      isEmpty={images.length === 0}
      emptyText={
        filteredEmptyText ?? "No one-of-a-kind pieces are on offer right now. Check back soon."
      }
      filter={<AvailabilityFilter current={availability} />}
      skeleton={
        <ul className={GRID}>
          {Array.from({ length: PAGING.tagSkeletonSquares }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <Skeleton className="aspect-[4/5] rounded-xl" />
              <Skeleton className="mt-3 h-4 w-3/4" />
              <Skeleton className="mt-2 h-4 w-1/3" />
            </li>
          ))}
        </ul>
      }
    >
      <ul className={GRID} data-testid="one-of-one-grid">
        {images.map((image, index) => (
          <li key={image.id}>
            <Link
              to={paths.image.getHref(image.id)}
              state={detailState(location)}
              {...openerProps(image.id)}
              className="group block"
            >
              <span className="relative block aspect-[4/5] overflow-hidden rounded-xl bg-muted shadow-sm ring-1 ring-black/5">
                <ArtImage
                  image={image}
                  sizes={CARD_SIZES}
                  cover={4 / 5}
                  alt=""
                  priority={index === 0 ? "high" : index < EAGER_CARDS ? "eager" : undefined}
                  className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
                />
                <span className="absolute top-2.5 left-2.5 rounded-full bg-black/75 px-2 py-0.5 text-xs font-semibold text-white backdrop-blur-sm">
                  1/1
                </span>
              </span>
              <span dir="auto" className="mt-3 block truncate font-medium group-hover:underline">
                {imageTitle(image)}
              </span>
              <span className="mt-0.5 block text-sm font-semibold text-brand-strong tabular-nums">
                {salesStatus(image) ?? priceText(image)}
              </span>
            </Link>
            <BuyButton image={image} user={user} size="sm" className="mt-2 w-full" />
          </li>
        ))}
      </ul>
    </EditionsPageShell>
  );
}
