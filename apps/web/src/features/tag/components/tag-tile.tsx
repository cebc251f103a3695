import type { Image } from "@sawdust/shared";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { detailState, openerProps } from "@/lib/detail-route";
import { imageTitle } from "@/lib/images";
import { cn } from "@/lib/utils";
import { useRevealOnScroll } from "../use-reveal-on-scroll";

/** Each tile's width (measured: the page's padding and the grid's gaps taken off). */
const TILE_SIZES =
  "(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 96px) / 4), (min-width: 640px) calc((100vw - 80px) / 3), calc((100vw - 44px) / 2)";

/** A square thumbnail that fades in as it scrolls into view and opens the image. */
export function TagTile({
  image,
  priority,
}: {
  image: Image;
  /** The first tile is the page's likely LCP element: "high"; the rest of the first rows "eager". */
  priority?: "high" | "eager";
}) {
  const { ref, revealed } = useRevealOnScroll<HTMLLIElement>();
  const title = imageTitle(image);
  const location = useLocation();

  return (
    <li
      ref={ref}
      data-revealed={revealed || undefined}
      className={cn(
        "transition-[opacity,translate] duration-500 ease-out motion-reduce:transition-none",
        revealed ? "translate-y-0 opacity-100" : "translate-y-4 opacity-0",
      )}
    >
      <Link
        to={paths.image.getHref(image.id)}
        state={detailState(location)}
        {...openerProps(image.id)}
        className="group relative block aspect-square overflow-hidden rounded-lg bg-muted"
      >
        <ArtImage
          image={image}
          sizes={TILE_SIZES}
          cover={1}
          alt={title}
          priority={priority}
          className="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/75 to-transparent px-3 pt-8 pb-2.5 text-sm font-medium text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
        >
          {title}
        </span>
      </Link>
    </li>
  );
}
