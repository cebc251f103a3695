import { DISPLAY_SIZES, type EditionAvailability, PAGING } from "./constants.js";
import { fitInside } from "./geometry.js";

/** What one image list asks the API for; arrays become comma-joined values. */
export interface ImageListParams {
  tag?: string;
  style?: string;
  color?: string;
  /** Words to search titles, descriptions, tags and styles for. */
  q?: string;
  editionType?: readonly string[];
  visibility?: "public" | "private" | "all";
  /** The edition pages' filter (issue 19): "all" (or absent) sends nothing. */
  availability?: EditionAvailability;
  limit?: number;
}

/** Spec section 7: the gallery lists public sawdust_gallery images, 20 a page. */
export const GALLERY_LIST_PARAMS = {
  visibility: "public",
  editionType: ["sawdust_gallery"],
  limit: PAGING.defaultLimit,
} as const satisfies ImageListParams;

/**
 * The API path of one page of an image list. The web app fetches exactly this, and the server
 * preloads exactly this for the gallery's first page, so the two must be built by one function.
 */
export function imageListPath(
  params: ImageListParams,
  cursor: string = PAGING.firstCursor,
): string {
  const query: Array<[string, string]> = [];
  // Spec section 7: visibility is omitted when 'all'.
  if (params.visibility && params.visibility !== "all")
    query.push(["visibility", params.visibility]);
  query.push(["limit", String(params.limit ?? PAGING.defaultLimit)]);
  if (cursor !== PAGING.firstCursor) query.push(["cursor", cursor]);
  if (params.tag) query.push(["tag", params.tag]);
  if (params.style) query.push(["style", params.style]);
  if (params.color) query.push(["color", params.color]);
  if (params.q?.trim()) query.push(["q", params.q.trim()]);
  if (params.editionType?.length) query.push(["editionType", params.editionType.join(",")]);
  if (params.availability && params.availability !== "all") {
    query.push(["availability", params.availability]);
  }
  const text = query.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join("&");
  return `/api/v1/images?${text}`;
}

interface DisplayUrls {
  width: number;
  height: number;
  urlThumb?: string;
  urlSmall?: string;
  urlMedium?: string;
  urlLarge?: string;
}

/** `srcset` from the display renditions, with each file's real width (design section 5). */
export function displaySrcSet(image: DisplayUrls): string {
  const entries: Array<[string | undefined, keyof typeof DISPLAY_SIZES]> = [
    [image.urlThumb, "thumb"],
    [image.urlSmall, "small"],
    [image.urlMedium, "medium"],
    [image.urlLarge, "large"],
  ];
  return entries
    .filter((entry): entry is [string, keyof typeof DISPLAY_SIZES] => Boolean(entry[0]))
    .map(([url, size]) => {
      const { width } = fitInside(image.width, image.height, DISPLAY_SIZES[size]);
      return `${url} ${width}w`;
    })
    .join(", ");
}

/**
 * How much a cropped picture's file may be enlarged to fill its box (`coverSizes`): 1.25× is not
 * seen on a tile; asking for the exact width would send a 3:2 picture's desktop tile to the
 * 1024 px file for the 555 px it covers, four times the bytes of the 512 px one.
 */
export const COVER_UPSCALE_TOLERANCE = 1.25;

/**
 * The `sizes` of a picture cropped to fill a box of another shape (`object-cover`, the box `box`
 * wide for each unit of height): a picture wider than its box shows wider than the box, by the
 * ratio of the two shapes, and needs a file about that wide (COVER_UPSCALE_TOLERANCE). `sizes`
 * says how wide the box is; each of its lengths is scaled. A picture as narrow as its box, or
 * narrower, needs only the box's width.
 */
export function coverSizes(sizes: string, image: { width: number; height: number }, box: number) {
  const factor = image.width / image.height / box / COVER_UPSCALE_TOLERANCE;
  if (!(factor > 1.01)) return sizes;
  const scale = Math.ceil(factor * 100) / 100;
  return splitTopLevel(sizes)
    .map((entry) => {
      const condition = entry.startsWith("(") ? entry.slice(0, closingParen(entry) + 1) : "";
      const length = entry.slice(condition.length).trim();
      return `${condition}${condition ? " " : ""}calc(${length} * ${scale})`;
    })
    .join(", ");
}

/** The comma-separated entries of a `sizes` list (commas inside parentheses belong to one). */
function splitTopLevel(list: string): string[] {
  const entries: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      entries.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  entries.push(list.slice(start).trim());
  return entries;
}

function closingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return i;
  }
  return text.length - 1;
}

/** A gallery grid tile's shape (width over height, 4:5), which its picture is cropped to fill. */
export const GALLERY_TILE_ASPECT = 4 / 5;

/**
 * How wide a gallery grid tile shows at each viewport width (the web app's grid; the server's
 * preload of the first tile uses it too, so the browser picks the same file).
 */
export const GALLERY_TILE_SIZES =
  "(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 96px) / 4), (min-width: 768px) calc((100vw - 80px) / 3), calc((100vw - 44px) / 2)";

/**
 * How wide the image detail's artwork shows: on wide screens what the details column leaves (about
 * 48rem at most). The server's preload of a share page's artwork uses it too.
 */
export const DETAIL_STAGE_SIZES = "(min-width: 768px) min(calc(100vw - 27rem), 48rem), 100vw";
