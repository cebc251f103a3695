import { EXPLORE_FEATURED_COUNT, type ExploreTags } from "@sawdust/shared";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { Skeleton } from "@/components/ui/skeleton";
import { imageCountLabel } from "@/lib/counts";
import { tagLabel } from "@/lib/tags";

/** Each card's width (measured: the page's padding and the grid's gaps taken off). */
const CARD_SIZES =
  "(min-width: 1280px) 296px, (min-width: 768px) calc((100vw - 96px) / 4), (min-width: 640px) calc((100vw - 64px) / 2), calc((100vw - 44px) / 2)";
/** The first row is above the fold on a desktop. */
const EAGER_CARDS = 4;

const GRID = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4";

/** The most used tags, each as a card with its newest image and how many images carry it. */
export function FeaturedCategories({ featured }: { featured: ExploreTags["featured"] }) {
  return (
    <ul className={GRID}>
      {featured.map(({ tag, count, sampleImage }, index) => (
        <li key={tag}>
          <Link
            to={paths.gallery.getHref({ tag })}
            className="group relative block aspect-[4/5] overflow-hidden rounded-xl bg-muted shadow-sm ring-1 ring-black/5"
          >
            <ArtImage
              image={sampleImage}
              sizes={CARD_SIZES}
              cover={4 / 5}
              alt=""
              priority={index === 0 ? "high" : index < EAGER_CARDS ? "eager" : undefined}
              className="absolute inset-0 size-full object-cover transition-transform duration-700 ease-out group-hover:scale-105 motion-reduce:transition-none"
            />
            <span
              aria-hidden
              className="absolute inset-0 bg-gradient-to-t from-black/85 via-black/25 to-transparent"
            />
            <span className="absolute inset-x-0 bottom-0 flex flex-col gap-0.5 p-3 sm:p-4">
              <span className="font-display text-lg leading-tight font-semibold text-white sm:text-xl">
                {tagLabel(tag)}
              </span>
              <span className="text-sm text-white/90">{imageCountLabel(count)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function FeaturedCategoriesSkeleton() {
  return (
    <ul className={GRID} aria-hidden>
      {Array.from({ length: EXPLORE_FEATURED_COUNT }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <li key={i}>
          <Skeleton className="aspect-[4/5] rounded-xl" />
        </li>
      ))}
    </ul>
  );
}
