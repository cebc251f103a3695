import type { Image } from "@sawdust/shared";
import { type ReactNode, useMemo } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { GRID_TILE_ASPECT, ImageTile, type TileLayout } from "./image-tile";
import { distributeIntoColumns } from "./masonry";
import { type TileLoading, useTileLoading } from "./tile-loading";
import { MAX_COLUMNS, useColumnCount } from "./use-column-count";

export interface ImageGridProps {
  images: readonly Image[];
  layout?: TileLayout;
  /** Placeholder tiles after the images, while a page loads. */
  placeholders?: number;
  /** Each tile's link. */
  hrefFor: (image: Image) => string;
  showTags?: boolean;
  onDeleted?: (imageId: number) => void;
  tagHref?: (tag: string) => string;
  /** The list's accessible name. */
  label: string;
  className?: string;
}

const GAPS = "gap-3 sm:gap-4";

/**
 * The first row loads at once, the very first tile with high priority (a likely LCP element),
 * unless the page holds its pictures back (tile-loading.ts).
 */
function priorityOf(index: number, loading: TileLoading): "high" | "eager" | undefined {
  if (loading !== "first-row-first") return undefined;
  if (index === 0) return "high";
  return index < MAX_COLUMNS ? "eager" : undefined;
}

/**
 * Artwork tiles in a uniform grid or in masonry columns, with placeholder tiles of the same size
 * while a page loads, so nothing moves when the images arrive.
 */
export function ImageGrid({ layout = "grid", ...props }: ImageGridProps) {
  return layout === "masonry" ? <MasonryGrid {...props} /> : <UniformGrid {...props} />;
}

function UniformGrid({
  images,
  placeholders = 0,
  hrefFor,
  showTags,
  onDeleted,
  tagHref,
  label,
  className,
}: Omit<ImageGridProps, "layout">) {
  const loading = useTileLoading();
  return (
    <ul
      aria-label={label}
      aria-busy={placeholders > 0}
      data-layout="grid"
      className={cn("grid grid-cols-2 md:grid-cols-3 lg:grid-cols-4", GAPS, className)}
    >
      {images.map((image, index) => (
        <li key={image.id}>
          <ImageTile
            image={image}
            href={hrefFor(image)}
            priority={priorityOf(index, loading)}
            held={loading === "held"}
            showTags={showTags}
            onDeleted={onDeleted}
            tagHref={tagHref}
          />
        </li>
      ))}
      {Array.from({ length: placeholders }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <li key={`placeholder-${index}`} aria-hidden>
          <TilePlaceholder aspectRatio={GRID_TILE_ASPECT} />
        </li>
      ))}
    </ul>
  );
}

/** Shapes for masonry placeholders: a calm mix of the portrait, square and landscape artwork. */
const PLACEHOLDER_RATIOS = [5 / 4, 1, 4 / 3, 3 / 4, 5 / 4, 1.5, 1, 4 / 5];

type MasonryItem =
  | { kind: "image"; image: Image; index: number; ratio: number }
  | { kind: "placeholder"; key: string; ratio: number };

function MasonryGrid({
  images,
  placeholders = 0,
  hrefFor,
  showTags,
  onDeleted,
  tagHref,
  label,
  className,
}: Omit<ImageGridProps, "layout">) {
  const loading = useTileLoading();
  const columnCount = useColumnCount();
  const columns = useMemo(() => {
    const items: MasonryItem[] = images.map((image, index) => ({
      kind: "image",
      image,
      index,
      ratio: image.width > 0 ? image.height / image.width : 1,
    }));
    for (let i = 0; i < placeholders; i++) {
      items.push({
        kind: "placeholder",
        key: `placeholder-${i}`,
        ratio: PLACEHOLDER_RATIOS[i % PLACEHOLDER_RATIOS.length] ?? 1,
      });
    }
    return distributeIntoColumns(items, columnCount);
  }, [images, placeholders, columnCount]);

  // The columns are layout only: to assistive technology this is one list, in the list's order.
  const content: ReactNode = columns.map((column, c) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position
    <div key={c} role="none" className={`flex min-w-0 flex-1 flex-col ${GAPS}`}>
      {column.map((item) =>
        item.kind === "image" ? (
          // biome-ignore lint/a11y/useSemanticElements: an li needs a ul parent, and a column is not one
          <div key={item.image.id} role="listitem">
            <ImageTile
              image={item.image}
              href={hrefFor(item.image)}
              priority={priorityOf(item.index, loading)}
              held={loading === "held"}
              showTags={showTags}
              onDeleted={onDeleted}
              tagHref={tagHref}
              layout="masonry"
            />
          </div>
        ) : (
          <div key={item.key} aria-hidden>
            <TilePlaceholder aspectRatio={`1 / ${item.ratio}`} />
          </div>
        ),
      )}
    </div>
  ));

  return (
    // biome-ignore lint/a11y/useSemanticElements: the items sit in column divs, which a ul cannot hold
    <div
      role="list"
      aria-label={label}
      aria-busy={placeholders > 0}
      data-layout="masonry"
      className={cn("flex items-start", GAPS, className)}
    >
      {content}
    </div>
  );
}

/** A tile-sized shimmer while the artwork loads. */
export function TilePlaceholder({ aspectRatio }: { aspectRatio: string }) {
  return (
    <Skeleton
      data-testid="tile-placeholder"
      className="w-full rounded-lg bg-stone-200/70"
      style={{ aspectRatio }}
    />
  );
}
