import { GALLERY_TILE_ASPECT, type Image, PAGING } from "@sawdust/shared";
import { Suspense, useMemo } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { detailState, openerProps } from "@/lib/detail-route";
import { filtersFromSearch, imageTitle, normalizeFilters } from "@/lib/images";
import { focusMainContent } from "@/lib/main-content";
import { retryingLazy } from "@/lib/retrying-lazy";
import { ArtImage } from "./art-image";
import { moveWithinTile } from "./tile-keys";
import { TILE_SIZES } from "./use-column-count";
import { useThumbnailRetry, withRetryParam } from "./use-thumbnail-retry";

// Only a tile whose file keeps failing shows it (never the server's render): its code, with
// its icons and an admin's Delete, waits until then.
const ThumbnailFailure = retryingLazy(
  () => import("./thumbnail-failure"),
  (m) => m.ThumbnailFailure,
);

/** Uniform tiles (grid) or each image's own shape (masonry). */
export type TileLayout = "grid" | "masonry";

export interface ImageTileProps {
  image: Image;
  /** Where the tile leads: the image's page, usually with the list's filters kept. */
  href: string;
  /** Above the fold: "high" for the very first tile, "eager" for the rest of the first row. */
  priority?: "high" | "eager";
  /** Its picture not loaded yet: the tile shows its average colour (tile-loading.ts). */
  held?: boolean;
  /** Show up to three tag chips (and '+N') that filter the gallery by their tag. */
  showTags?: boolean;
  /** Called after an admin deleted the image from its failure placeholder. */
  onDeleted?: (imageId: number) => void;
  layout?: TileLayout;
  /** The image's `sizes`; the default fits the grids of `ImageGrid`. */
  sizes?: string;
  /** Where a tag chip leads; by default the gallery, filtered by that tag (other filters kept). */
  tagHref?: (tag: string) => string;
}

// Class lists built once: a page renders dozens of tiles, and merging classes costs time there.
const TILE_CLASS = [
  "group @container relative isolate overflow-hidden rounded-lg bg-muted shadow-sm ring-1 ring-stone-900/5",
  // The link's focus shows on the whole tile: an outline inside would hide under the overlay.
  "has-[>a:focus-visible]:ring-3 has-[>a:focus-visible]:ring-ring",
].join(" ");
const IMAGE_CLASS = [
  "absolute inset-0 h-full w-full object-cover transition-transform duration-500 ease-out",
  "group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100",
].join(" ");
const OVERLAY_CLASS = [
  "pointer-events-none absolute inset-x-0 bottom-0 z-10 flex flex-col gap-2 px-3 pb-3 pt-14",
  "bg-linear-to-t from-black/80 via-black/45 to-transparent",
  "opacity-0 transition-opacity duration-200",
  "group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100",
].join(" ");
const CHIP_CLASS = [
  "pointer-events-auto block h-6 max-w-32 truncate rounded-full bg-white/90 px-2 text-xs leading-6 font-medium text-stone-900",
  "shadow-sm transition-colors hover:bg-white focus-visible:outline-offset-1 @max-[16rem]:max-w-24",
].join(" ");

/**
 * The aspect ratio a tile reserves before its image arrives (the preview box of spec section 9;
 * GALLERY_TILE_ASPECT, which its picture is cropped to fill).
 */
export const GRID_TILE_ASPECT = "4 / 5";

/**
 * One artwork of a list: a link to its page (opened over the list), its title on hover or focus,
 * a few tag chips laid over it (siblings of the link, never nested in it), and a Retry placeholder
 * when the file keeps failing. The link is the tile's one Tab stop; the arrows reach the chips.
 */
export function ImageTile({
  image,
  href,
  priority,
  held = false,
  showTags = false,
  onDeleted,
  layout = "grid",
  sizes = TILE_SIZES,
  tagHref,
}: ImageTileProps) {
  const title = imageTitle(image);
  const location = useLocation();
  const thumbnail = useThumbnailRetry();
  const source = useMemo(
    () => ({
      ...image,
      urlThumb: withRetryParam(image.urlThumb, thumbnail.attempt),
      urlSmall: withRetryParam(image.urlSmall, thumbnail.attempt),
      urlMedium: withRetryParam(image.urlMedium, thumbnail.attempt),
      urlLarge: withRetryParam(image.urlLarge, thumbnail.attempt),
    }),
    [image, thumbnail.attempt],
  );
  const shownTags = showTags && !thumbnail.failed ? image.tags.slice(0, PAGING.tagsPerTile) : [];
  const moreTags = image.tags.length - shownTags.length;
  const aspectRatio = layout === "grid" ? GRID_TILE_ASPECT : `${image.width} / ${image.height}`;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrows move between the tile's own links
    <div
      className={TILE_CLASS}
      data-testid="image-tile"
      data-image-id={image.id}
      data-state={thumbnail.failed ? "failed" : "ready"}
      onKeyDown={moveWithinTile}
    >
      <Link
        to={href}
        state={detailState(location)}
        aria-label={title}
        aria-keyshortcuts={shownTags.length > 0 ? "ArrowRight" : undefined}
        className="block rounded-lg focus-visible:outline-hidden"
        {...openerProps(image.id)}
      >
        <div className="relative w-full" style={{ aspectRatio }}>
          {!thumbnail.failed && (
            <ArtImage
              key={thumbnail.attempt}
              image={source}
              alt={title}
              sizes={sizes}
              cover={layout === "grid" ? GALLERY_TILE_ASPECT : undefined}
              priority={priority}
              held={held}
              draggable={false}
              onError={thumbnail.onError}
              onLoad={thumbnail.onLoad}
              className={thumbnail.waiting ? `${IMAGE_CLASS} invisible` : IMAGE_CLASS}
            />
          )}
        </div>
      </Link>

      {!thumbnail.failed && (
        // Over the image, beside the link rather than in it: clicks outside a chip fall through
        // to the link (pointer-events-none), and the chips stay links of their own.
        <div className={OVERLAY_CLASS}>
          <p
            aria-hidden
            className="line-clamp-2 font-display text-[15px] font-medium leading-snug text-white"
          >
            {title}
          </p>
          {shownTags.length > 0 && (
            <TagChips title={title} tags={shownTags} more={moreTags} tagHref={tagHref} />
          )}
        </div>
      )}

      {thumbnail.failed && (
        <Suspense fallback={null}>
          <ThumbnailFailure
            imageId={image.id}
            title={title}
            onRetry={thumbnail.retry}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </div>
  );
}

interface TagChipsProps {
  title: string;
  tags: string[];
  more: number;
  tagHref?: (tag: string) => string;
  className?: string;
}

function TagChips({ title, tags, more, tagHref, className }: TagChipsProps) {
  const { search } = useLocation();
  const hrefOf =
    tagHref ??
    ((tag: string) =>
      paths.gallery.getHref(
        normalizeFilters({ ...filtersFromSearch(new URLSearchParams(search)), tag }),
      ));
  // Up to two lines of chips; a narrow tile (a phone's two columns) keeps to one readable chip,
  // the rest join '+N'.
  const moreWhenNarrow = more + tags.length - 1;
  return (
    <ul
      aria-label={`Tags of ${title}`}
      className={
        className
          ? `flex flex-wrap items-center gap-1.5 ${className}`
          : "flex flex-wrap items-center gap-1.5"
      }
    >
      {tags.map((tag, index) => (
        <li key={tag} className={index > 0 ? `min-w-0 shrink ${NARROW_HIDDEN}` : "min-w-0 shrink"}>
          <Link
            to={hrefOf(tag)}
            aria-label={`Filter by tag ${tag}`}
            tabIndex={-1}
            className={CHIP_CLASS}
            // The list it filters is made again, this tile perhaps gone with it: the focus goes
            // to the page's main region, as a tag in an open image's dialog leaves it (round 44).
            // The chip of the filter already applied changes nothing, and leaves it be.
            onClick={(event) => {
              const chip = event.currentTarget;
              if (document.activeElement === chip && chip.href !== window.location.href) {
                focusMainContent();
              }
            }}
          >
            #{tag}
          </Link>
        </li>
      ))}
      <MoreTags count={more} className={NARROW_HIDDEN} />
      <MoreTags count={moreWhenNarrow} className={NARROW_ONLY} />
    </ul>
  );
}

/** Container queries on the tile (its root is the `@container`). */
const NARROW_HIDDEN = "@max-[16rem]:hidden";
const NARROW_ONLY = "hidden @max-[16rem]:block";

function MoreTags({ count, className }: { count: number; className: string }) {
  if (count <= 0) return null;
  return (
    <li
      className={`h-6 shrink-0 rounded-full bg-black/65 px-2 text-xs leading-6 font-medium text-white ${className}`}
    >
      +{count}
      <span className="sr-only"> more tags</span>
    </li>
  );
}
