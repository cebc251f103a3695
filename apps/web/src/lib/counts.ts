import { groupDigits, type ImageListResponse } from "@sawdust/shared";

/** "1 image", "1,250 images": the gallery's count, a tag's, a collection's. */
export function imageCountLabel(count: number): string {
  return countLabel(count, false, "image", "images");
}

/**
 * A list page's total in words: "1 image", "1,250 images", and "10,000+ images" when the server
 * counted that far and stopped (`totalIsLowerBound`; LIST_TOTALS). The nouns default to images.
 */
export function listTotalLabel(
  stats: ImageListResponse["stats"],
  one = "image",
  many = "images",
): string {
  return countLabel(stats.totalImages, stats.totalIsLowerBound, one, many);
}

function countLabel(count: number, atLeast: boolean, one: string, many: string): string {
  return `${groupDigits(count)}${atLeast ? "+" : ""} ${count === 1 && !atLeast ? one : many}`;
}
