import { groupDigits } from "@sawdust/shared";

/** "1 image", "1,250 images": the gallery's count, a tag's, a search's. */
export function imageCountLabel(count: number): string {
  return `${groupDigits(count)} ${count === 1 ? "image" : "images"}`;
}
