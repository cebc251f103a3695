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
import { editionText, priceText } from "./components/edition-text";
import { EditionsPageShell } from "./components/editions-page-shell";
import { usePublicEditions } from "./use-public-editions";

const EDITIONS = ["open_edition", "limited_edition"] as const;
const COLUMNS = "columns-2 gap-3 sm:gap-5 md:columns-3 xl:columns-4";
/** Each column's width (measured: the page's padding and the columns' gaps taken off). */
const CARD_SIZES =
  "(min-width: 1280px) 293px, (min-width: 768px) calc((100vw - 88px) / 3), (min-width: 640px) calc((100vw - 68px) / 2), calc((100vw - 44px) / 2)";
const EAGER_CARDS = 4;
/** Placeholder heights that read as a masonry wall while the first page loads. */
const SKELETON_ASPECTS = ["aspect-[4/5]", "aspect-square", "aspect-[3/4]", "aspect-[4/3]"];

/** /open-editions: open and limited editions in a masonry wall, each at its own proportions. */
export function OpenEditionsPage() {
  const { list, images, total, availability, filteredEmptyText } = usePublicEditions(EDITIONS);
  const location = useLocation();
  const { data: user } = useUser();

  return (
    <EditionsPageShell
      eyebrow="Prints"
      title="Editions"
      intro="Open and limited editions: the same artwork, printed for more than one wall."
      countText={total && listTotalLabel(total, "work", "works")}
      list={list}
      isEmpty={images.length === 0}
      emptyText={filteredEmptyText ?? "No editions are on offer right now. Check back soon."}
      filter={<AvailabilityFilter current={availability} />}
      skeleton={
        <div className={COLUMNS}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              key={i}
              className={`mb-5 break-inside-avoid rounded-xl ${SKELETON_ASPECTS[i % SKELETON_ASPECTS.length]}`}
            />
          ))}
        </div>
      }
    >
      <ul className={COLUMNS} data-testid="editions-masonry">
        {images.map((image, index) => (
          <li key={image.id} className="mb-6 break-inside-avoid">
            <Link
              to={paths.image.getHref(image.id)}
              state={detailState(location)}
              {...openerProps(image.id)}
              className="group block"
            >
              <span className="block overflow-hidden rounded-xl bg-muted shadow-sm ring-1 ring-black/5">
                <ArtImage
                  image={image}
                  sizes={CARD_SIZES}
                  alt=""
                  priority={index === 0 ? "high" : index < EAGER_CARDS ? "eager" : undefined}
                  className="transition-transform duration-500 group-hover:scale-[1.02] motion-reduce:transition-none"
                />
              </span>
              <span dir="auto" className="mt-2.5 block truncate font-medium group-hover:underline">
                {imageTitle(image)}
              </span>
              <span className="mt-0.5 flex items-baseline justify-between gap-2 text-sm">
                <span className="truncate text-muted-foreground">
                  {image.maxEditions === null && salesStatus(image)
                    ? `Open edition · ${salesStatus(image)}`
                    : editionText(image)}
                  {salesStatus(image) === "Sold out" && " · Sold out"}
                </span>
                <span className="shrink-0 font-semibold text-brand-strong tabular-nums">
                  {priceText(image)}
                </span>
              </span>
            </Link>
            <BuyButton image={image} user={user} size="sm" className="mt-2 w-full" />
          </li>
        ))}
      </ul>
    </EditionsPageShell>
  );
}
