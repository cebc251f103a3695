import { type Collection, DISPLAY_SIZES } from "@sawdust/shared";
import { Images, Pencil, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { imageCountLabel } from "@/lib/counts";
import { formatDate } from "@/lib/date-time";
import { PrivateBadge } from "./private-badge";

const COVER_SIZES =
  "(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw";

export interface CollectionCardProps {
  collection: Collection;
  onEdit: (collection: Collection) => void;
  onDelete: (collection: Collection) => void;
  /** The first cards are above the fold: their covers load at once. */
  priority?: boolean;
}

/**
 * One collection on the list: its cover, name, description, image count, creation date and
 * visibility. The whole card opens the collection; Edit and Delete sit above that link.
 */
export function CollectionCard({ collection, onEdit, onDelete, priority }: CollectionCardProps) {
  const { coverImage } = collection;
  const created = formatDate(collection.createdAt);
  return (
    <li>
      <article
        aria-labelledby={`collection-${collection.id}-name`}
        className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md"
      >
        <div className="relative aspect-[4/3] overflow-hidden bg-muted">
          {coverImage ? (
            <ArtImage
              // The cover carries only its small rendition; the box crops it, so a nominal size serves.
              image={{
                ...DISPLAY_SIZES.small,
                urlSmall: coverImage.urlSmall,
                thumbhash: coverImage.thumbhash,
              }}
              sizes={COVER_SIZES}
              alt=""
              priority={priority ? "eager" : undefined}
              className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
            />
          ) : (
            <div className="grid size-full place-items-center text-muted-foreground">
              <Images className="size-10" strokeWidth={1.25} aria-hidden />
            </div>
          )}
          <PrivateBadge className="absolute left-3 top-3 shadow-sm" />
        </div>

        <div className="flex flex-1 flex-col gap-1.5 p-4 pb-3">
          <h2
            id={`collection-${collection.id}-name`}
            className="font-display text-xl font-semibold leading-snug tracking-tight"
          >
            <Link
              to={paths.collection.getHref(collection.id)}
              // The link stretches over the whole card; the buttons below sit above it.
              className="wrap-anywhere outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring hover:underline"
            >
              {collection.name}
            </Link>
          </h2>
          {collection.description && (
            <p className="line-clamp-2 text-sm text-muted-foreground">{collection.description}</p>
          )}
        </div>

        <div className="flex items-center justify-between gap-2 border-t px-4 py-2.5">
          <p className="text-xs text-muted-foreground">
            {imageCountLabel(collection.imageCount)}
            {created && (
              <>
                <span aria-hidden> · </span>
                <span className="sr-only">, </span>
                Created <time dateTime={collection.createdAt}>{created}</time>
              </>
            )}
          </p>
          <div className="relative z-10 flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="icon"
              className="size-9"
              aria-label={`Edit ${collection.name}`}
              onClick={() => onEdit(collection)}
            >
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 hover:bg-destructive/10 hover:text-destructive"
              aria-label={`Delete ${collection.name}`}
              onClick={() => onDelete(collection)}
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        </div>
      </article>
    </li>
  );
}

/** A card's shape while the list loads. */
export function CollectionCardSkeleton() {
  return (
    <li className="overflow-hidden rounded-xl border bg-card shadow-sm">
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="grid gap-2 p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
      </div>
      <div className="border-t px-4 py-3.5">
        <Skeleton className="h-3 w-1/2" />
      </div>
    </li>
  );
}
