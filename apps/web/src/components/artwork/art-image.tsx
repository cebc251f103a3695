import { DISPLAY_SIZES, displaySrcSet, fitInside, type Image } from "@sawdust/shared";
import { type ImgHTMLAttributes, useMemo, useState } from "react";
import { thumbHashToDataURL } from "thumbhash";
import { cn } from "@/lib/utils";

type DisplayImage = Pick<
  Image,
  "urlSmall" | "urlMedium" | "urlLarge" | "width" | "height" | "thumbhash"
>;

function placeholderOf(thumbhash: string | null): string | undefined {
  if (!thumbhash) return undefined;
  try {
    const bytes = Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return undefined;
  }
}

export interface ArtImageProps
  extends Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> {
  image: Pick<DisplayImage, "width" | "height" | "thumbhash"> & Partial<DisplayImage>;
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes: string;
  alt: string;
  /** Above the fold: load at once, and with high priority for the largest image on screen. */
  priority?: "high" | "eager";
}

/**
 * An artwork from its display renditions: `srcset`/`sizes` let the browser pick the file, width
 * and height reserve its box (no layout shift), and its ThumbHash shows until it has loaded.
 */
export function ArtImage({
  image,
  sizes,
  alt,
  priority,
  className,
  style,
  onLoad,
  ...rest
}: ArtImageProps) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = useMemo(() => placeholderOf(image.thumbhash), [image.thumbhash]);
  const small = fitInside(image.width, image.height, DISPLAY_SIZES.small);
  return (
    <img
      {...rest}
      alt={alt}
      src={image.urlSmall || image.urlMedium || image.urlLarge}
      srcSet={displaySrcSet(image)}
      sizes={sizes}
      width={small.width}
      height={small.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority === "high" ? "high" : undefined}
      decoding="async"
      className={cn("h-auto w-full bg-muted object-cover", className)}
      style={
        !loaded && placeholder
          ? { ...style, backgroundImage: `url(${placeholder})`, backgroundSize: "cover" }
          : style
      }
      onLoad={(event) => {
        setLoaded(true);
        onLoad?.(event);
      }}
    />
  );
}
