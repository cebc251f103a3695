import type { ImageRow } from "../../db/schema.js";
import { versionTagOf } from "../../lib/version-tag.js";

/**
 * The columns an admin edits (the edit page's fields and the batch operations' visibility): an
 * image's version is theirs, so every write that changes one of them, whoever makes it (the edit,
 * a batch, an analysis run), gives the image a new version in the same statement.
 */
export const IMAGE_VERSION_COLUMNS = [
  "title",
  "description",
  "tags",
  "style",
  "is_public",
  "edition_type",
  "price_cents",
  "max_editions",
] as const satisfies ReadonlyArray<keyof ImageRow>;

export type ImageVersionFields = Pick<ImageRow, (typeof IMAGE_VERSION_COLUMNS)[number]>;

/**
 * The ETag of an image's editable fields as stored: what the edit page reads the image with and
 * sends back as `If-Match`.
 */
export function imageVersion(row: ImageVersionFields): string {
  return versionTagOf(
    Object.fromEntries(IMAGE_VERSION_COLUMNS.map((column) => [column, row[column]])),
  );
}
