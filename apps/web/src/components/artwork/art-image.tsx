import { coverSizes, DISPLAY_SIZES, displaySrcSet, fitInside, type Image } from "@sawdust/shared";
import {
  type CSSProperties,
  type ImgHTMLAttributes,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useHydrated } from "@/lib/use-hydrated";
import { cn } from "@/lib/utils";
import { averageColourOf, loadDecoder, loadedDecoder, thumbHashBytes } from "./thumbhash-preview";

type DisplayImage = Pick<
  Image,
  "urlSmall" | "urlMedium" | "urlLarge" | "width" | "height" | "thumbhash"
>;

/**
 * What shows while the picture loads: the ThumbHash's blurred preview, or (for a picture that came
 * in a server-rendered page, before and after the app has taken it over) its average colour, which
 * costs the page a few bytes instead of a few kilobytes a tile, and the app no decoding: drawing
 * every tile's preview as the app took a page over cost ~170 ms of main thread (unthrottled), mostly
 * for tiles already loaded. A letterboxed picture's preview covers only the picture; a
 * server-rendered one has none, because a colour would fill the letterbox too, where the loaded
 * picture (with or without the app) leaves the box's own background. Until the preview's decoder has
 * loaded (thumbhash-preview.ts) a picture shows its colour, or nothing when letterboxed.
 */
function placeholderOf(
  thumbhash: string | null,
  blurred: boolean,
  letterboxed: boolean,
  decode: ((hash: Uint8Array) => string) | undefined,
): CSSProperties | undefined {
  if (!thumbhash || (letterboxed && !(blurred && decode))) return undefined;
  try {
    const bytes = thumbHashBytes(thumbhash);
    if (blurred && decode) {
      return {
        backgroundImage: `url(${decode(bytes)})`,
        ...(letterboxed
          ? {
              backgroundSize: "contain",
              backgroundPosition: "center",
              backgroundRepeat: "no-repeat",
            }
          : { backgroundSize: "cover" }),
      };
    }
    return { backgroundColor: averageColourOf(bytes) };
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
  /** Shown whole inside a larger box (`object-contain`), which shows around it. */
  letterboxed?: boolean;
  /**
   * Cropped to fill a box of this shape (width over height, `object-cover`): a wider picture
   * shows wider than the box `sizes` describes, and asks for a file as much wider.
   */
  cover?: number;
  /** Not loaded yet: only its placeholder shows, in a box of the picture's class (no request). */
  held?: boolean;
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
  letterboxed = false,
  cover,
  held = false,
  className,
  style,
  onLoad,
  ...rest
}: ArtImageProps) {
  const [loaded, setLoaded] = useState(false);
  const hydrated = useHydrated();
  const ref = useRef<HTMLImageElement>(null);
  // Whether this picture came in a server-rendered page (its first render is the hydrating one).
  const fromServer = useRef(!hydrated);
  useEffect(() => {
    // A server-rendered picture may have loaded or failed before the app took the page over, when
    // nothing listened yet: tell the handlers now, as the browser would have.
    const img = ref.current;
    if (!fromServer.current || !img?.complete) return;
    img.dispatchEvent(new Event(img.naturalWidth > 0 ? "load" : "error"));
  }, []);
  const blurred = hydrated && !fromServer.current;
  const [decode, setDecode] = useState(loadedDecoder);
  useEffect(() => {
    if (!blurred || decode || !image.thumbhash) return;
    let mounted = true;
    void loadDecoder().then((loaded) => {
      if (mounted && loaded) setDecode(() => loaded);
    });
    return () => {
      mounted = false;
    };
  }, [blurred, decode, image.thumbhash]);
  const placeholder = useMemo(
    () => placeholderOf(image.thumbhash, blurred, letterboxed, decode),
    [image.thumbhash, blurred, letterboxed, decode],
  );
  const small = fitInside(image.width, image.height, DISPLAY_SIZES.small);
  if (held) {
    return (
      <div aria-hidden className={cn("bg-muted", className)} style={{ ...style, ...placeholder }} />
    );
  }
  return (
    <img
      {...rest}
      ref={ref}
      alt={alt}
      src={image.urlSmall || image.urlMedium || image.urlLarge}
      srcSet={displaySrcSet(image)}
      sizes={cover ? coverSizes(sizes, image, cover) : sizes}
      width={small.width}
      height={small.height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority === "high" ? "high" : undefined}
      decoding="async"
      className={cn("h-auto w-full bg-muted object-cover", className)}
      style={!loaded && placeholder ? { ...style, ...placeholder } : style}
      onLoad={(event) => {
        setLoaded(true);
        onLoad?.(event);
      }}
    />
  );
}
