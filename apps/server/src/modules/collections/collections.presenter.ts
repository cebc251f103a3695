import type { Collection, CollectionEntry, LicenceDefaults, Principal } from "@sawdust/shared";
import type { RenditionRow } from "../../db/schema.js";
import type { MediaStore } from "../../media/media-store.js";
import { presentImage } from "../images/images.presenter.js";
import type { CollectionEntryRow, CollectionSummaryRow } from "./collections.repo.js";

const iso = (ms: number) => new Date(ms).toISOString();

export function presentCollection(row: CollectionSummaryRow, media: MediaStore): Collection {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.is_public === 1,
    imageCount: row.image_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    coverImage:
      row.cover_id === null
        ? null
        : {
            id: row.cover_id,
            urlSmall: row.cover_small_key ? media.publicUrl(row.cover_small_key) : "",
            thumbhash: row.cover_thumbhash,
          },
  };
}

/** An entry with its image as the image list shows it to this viewer. */
export function presentEntry(
  entry: CollectionEntryRow,
  renditions: RenditionRow[],
  viewer: Principal,
  media: MediaStore,
  nowMs: number,
  licenceDefaults: LicenceDefaults,
): CollectionEntry {
  return {
    id: entry.entry_id,
    addedAt: iso(entry.added_at),
    image: presentImage(entry.image, renditions, viewer, media, nowMs, {
      compact: true,
      licenceDefaults,
    }),
  };
}

/** The cover of a collection whose most recent visible entry is this one. */
export function presentCover(
  entry: CollectionEntryRow,
  renditions: RenditionRow[],
  media: MediaStore,
): Collection["coverImage"] {
  const small = renditions.find((r) => r.size === "small");
  return {
    id: entry.image.id,
    urlSmall: small ? media.publicUrl(small.storage_key) : "",
    thumbhash: entry.image.thumbhash,
  };
}
