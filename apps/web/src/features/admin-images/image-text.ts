import { ADMIN_IMAGES, type Image, MESSAGES } from "@sawdust/shared";

/** The table's title cell: the title, or 'Untitled' (spec section 2). */
export function titleOf(image: Pick<Image, "aiAnalysis">): string {
  return image.aiAnalysis.title?.trim() || MESSAGES.adminImages.untitled;
}

/** The table's tags cell: the first three, and '+N more' for the rest (spec sections 2 and 9). */
export function tagsShown(tags: readonly string[]): { shown: string[]; more: string | null } {
  const shown = tags.slice(0, ADMIN_IMAGES.tagsShown);
  const rest = tags.length - shown.length;
  return { shown, more: rest > 0 ? MESSAGES.adminImages.moreTags(rest) : null };
}

/** The table's style cell: the style, or 'None'. */
export function styleOf(image: Pick<Image, "style">): string {
  return image.style?.trim() || MESSAGES.adminImages.noStyle;
}
