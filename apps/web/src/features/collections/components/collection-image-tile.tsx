import type { CollectionEntry } from "@sawdust/shared";
import { X } from "lucide-react";
import { ArtImage } from "@/components/artwork/art-image";
import { moveWithinTile } from "@/components/artwork/tile-keys";
import { openerProps } from "@/lib/detail-route";
import { imageTitle } from "@/lib/images";
import { cn } from "@/lib/utils";

const TILE_SIZES =
  "(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw";

export interface CollectionImageTileProps {
  entry: CollectionEntry;
  onOpen: () => void;
  onRemove: () => void;
  priority?: boolean;
}

/**
 * One image of a collection, at the medium rendition. Pressing it opens the viewer; its remove
 * button shows on hover and keyboard focus, and always where there is no hover (touch screens).
 * The tile is one Tab stop: the right arrow reaches its remove button.
 */
export function CollectionImageTile({
  entry,
  onOpen,
  onRemove,
  priority,
}: CollectionImageTileProps) {
  const { image } = entry;
  const title = imageTitle(image);
  return (
    <li className="group relative" onKeyDown={moveWithinTile}>
      <button
        type="button"
        onClick={onOpen}
        aria-keyshortcuts="ArrowRight"
        {...openerProps(image.id)}
        className="block aspect-[4/5] w-full overflow-hidden rounded-lg bg-muted"
      >
        <ArtImage
          // Spec: the medium size. Width and height reserve the box before it loads.
          image={{
            urlMedium: image.urlMedium,
            width: image.width,
            height: image.height,
            thumbhash: image.thumbhash,
          }}
          sizes={TILE_SIZES}
          alt={title}
          priority={priority ? "eager" : undefined}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </button>
      <p className="mt-2 truncate text-sm font-medium" aria-hidden>
        {title}
      </p>
      <button
        type="button"
        onClick={onRemove}
        tabIndex={-1}
        aria-label={`Remove ${title} from the collection`}
        className={cn(
          "absolute right-2 top-2 grid size-9 place-items-center rounded-full bg-card/95 text-foreground shadow-md",
          "transition-opacity hover:bg-destructive hover:text-destructive-foreground",
          "opacity-0 group-hover:opacity-100 focus-visible:opacity-100 group-has-[:focus-visible]:opacity-100",
          "max-sm:opacity-100 [@media(hover:none)]:opacity-100",
        )}
      >
        <X className="size-4" aria-hidden />
      </button>
    </li>
  );
}
