import {
  EDITION_LABELS,
  type EditionType,
  type Image,
  slugifyTag,
  type TagCount,
} from "@sawdust/shared";
import { Hash, Search } from "lucide-react";
import { CommandGroup, CommandItem } from "@/components/ui/command";
import { imageCountLabel } from "@/lib/counts";
import { formatPrice, imageTitle } from "@/lib/images";

/** The cmdk value of an artwork result (values are unique across the palette). */
export function artworkValue(imageId: number): string {
  return `artwork-${imageId}`;
}

function editionLabel(image: Image): string {
  if (image.editionType === "limited_edition" || image.maxEditions !== null)
    return "Limited edition";
  return EDITION_LABELS[image.editionType as EditionType] ?? EDITION_LABELS.sawdust_gallery;
}

/** The catalogue's matches for what was typed: a thumbnail, the title, the edition and price. */
export function ArtworkResults({
  images,
  onOpen,
}: {
  images: readonly Image[];
  onOpen: (imageId: number) => void;
}) {
  if (images.length === 0) return null;
  return (
    <CommandGroup heading="Artwork">
      {images.map((image) => {
        const price = formatPrice(image.price);
        return (
          <CommandItem
            key={image.id}
            value={artworkValue(image.id)}
            onSelect={() => onOpen(image.id)}
            className="py-1.5"
          >
            <img
              // A 40 px square: the tile-sized file, while an image stored before it has small.
              src={image.urlThumb || image.urlSmall}
              alt=""
              width={40}
              height={40}
              decoding="async"
              className="size-10 shrink-0 rounded-md bg-muted object-cover"
            />
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium">{imageTitle(image)}</span>
              <span className="truncate text-xs text-muted-foreground">
                {price ? `${editionLabel(image)} · ${price}` : editionLabel(image)}
              </span>
            </span>
          </CommandItem>
        );
      })}
    </CommandGroup>
  );
}

/**
 * Tags that exist and contain what was typed. The exact tag reads "Search tags for '{text}'";
 * the others are offered by name.
 */
export function TagResults({
  text,
  words,
  tags,
  onOpen,
}: {
  /** What is in the box now, as typed. */
  text: string;
  /** The words the results were found for. */
  words: string;
  tags: readonly TagCount[];
  onOpen: (tag: string) => void;
}) {
  if (tags.length === 0) return null;
  const exact = slugifyTag(words);
  return (
    <CommandGroup heading="Tags">
      {tags.map(({ tag, count }) => (
        <CommandItem key={tag} value={`tag-${tag}`} onSelect={() => onOpen(tag)}>
          {tag === exact ? <Search aria-hidden /> : <Hash aria-hidden />}
          <span className="truncate">
            {tag === exact ? `Search tags for '${text}'` : tag.replaceAll("-", " ")}
          </span>
          <span className="ml-auto shrink-0 text-xs text-muted-foreground">
            {imageCountLabel(count)}
          </span>
        </CommandItem>
      ))}
    </CommandGroup>
  );
}
