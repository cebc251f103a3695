import {
  coverSizes,
  displaySrcSet,
  GALLERY_LIST_PARAMS,
  GALLERY_TILE_ASPECT,
  GALLERY_TILE_SIZES,
  type Image,
  type ImageListParams,
  normalizeColor,
  normalizeStyle,
  slugifyTag,
} from "@sawdust/shared";
import { escapeHtml } from "./share-meta.js";

/**
 * The image list the gallery at this URL asks for first: its filters read from the query string
 * with the web app's rules (spec section 5), then the gallery's fixed parameters.
 */
export function galleryListParams(search: URLSearchParams): ImageListParams {
  const tag = slugifyTag(search.get("tag") ?? "");
  const style = normalizeStyle(search.get("style") ?? "");
  const color = normalizeColor(search.get("color") ?? "");
  return {
    ...(tag ? { tag } : {}),
    ...(style ? { style } : {}),
    ...(color ? { color } : {}),
    ...GALLERY_LIST_PARAMS,
  };
}

/**
 * Preload hints for the gallery's first view, so its data and its first picture are on their way
 * while the app's code still downloads: the first page of images, the hero, the current user,
 * and the first tile's picture with the srcset and sizes the tile will ask for.
 */
export function galleryPreloadTags(listPath: string, firstImage: Image | undefined): string {
  const fetches = [listPath, "/api/v1/hero-content", "/api/v1/auth/user"].map(
    (href) =>
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeHtml(href)}">`,
  );
  if (firstImage?.urlSmall) {
    fetches.push(
      `<link rel="preload" as="image" href="${escapeHtml(firstImage.urlSmall)}" imagesrcset="${escapeHtml(displaySrcSet(firstImage))}" imagesizes="${escapeHtml(coverSizes(GALLERY_TILE_SIZES, firstImage, GALLERY_TILE_ASPECT))}" fetchpriority="high">`,
    );
  }
  return fetches.join("\n    ");
}
