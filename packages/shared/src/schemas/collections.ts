import { z } from "zod";
import { COLLECTION_RULES } from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { blankToNull, isOneLine, showsSomething } from "../text.js";
import { ZImage } from "./images.js";
import { zShownText } from "./typed-text.js";

const m = MESSAGES.collections;
const v = MESSAGES.validation;

/** Something a person can see: a letter, digit, mark, symbol or punctuation. */
const VISIBLE = /[\p{L}\p{N}\p{M}\p{S}\p{P}]/u;

const name = (emptyMessage: string) =>
  // Missing or null: the spec's message; another type (`"name": 42`): what to send.
  zShownText({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? emptyMessage : v.notText("The name"),
  })
    .min(1, emptyMessage)
    // Zero-width and other invisible characters alone (U+200B, U+2060, U+FEFF…), or letters that
    // draw nothing (a Hangul filler, the blank braille cell), are no name.
    .refine((text) => showsSomething(text, VISIBLE), emptyMessage)
    .refine(isOneLine, v.oneLine("The name"))
    .max(COLLECTION_RULES.nameMax, m.nameTooLong(COLLECTION_RULES.nameMax));

/** Typed text as pages show it; blank becomes null (no description). */
const description = zShownText({ error: v.notText("Description") })
  .max(COLLECTION_RULES.descriptionMax, m.descriptionTooLong(COLLECTION_RULES.descriptionMax))
  .nullable()
  .optional()
  .transform(blankToNull);

/** POST /api/v1/collections. */
export const ZCollectionCreateBody = z.object({
  name: name(v.collectionNameRequired),
  description,
  isPublic: z.boolean({ error: "isPublic must be true or false" }).default(true),
});
export type CollectionCreateBody = z.input<typeof ZCollectionCreateBody>;

/** PATCH /api/v1/collections/{id}: only the fields sent change. */
export const ZCollectionUpdateBody = z.object({
  name: name(v.collectionNameEmpty).optional(),
  description,
  isPublic: z.boolean({ error: "isPublic must be true or false" }).optional(),
});
export type CollectionUpdateBody = z.input<typeof ZCollectionUpdateBody>;

/** POST /api/v1/collections/{id}/images. */
export const ZCollectionAddImageBody = z.object({
  // Not coerced: `true` or `[10]` read as numbers and added an image no one named.
  imageId: z
    .number({ error: "imageId must be a number" })
    .int("imageId must be a whole number")
    .positive("imageId must be positive"),
});

/** A collection as the list and every change answer it. */
export const ZCollection = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  isPublic: z.boolean(),
  imageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The most recently added image that is still public; null when there is none. */
  coverImage: z
    .object({ id: z.number().int(), urlSmall: z.string(), thumbhash: z.string().nullable() })
    .nullable(),
});
export type Collection = z.infer<typeof ZCollection>;

/** GET /api/v1/collections: the member's own collections, newest first. */
export const ZCollectionList = z.array(ZCollection);

/** One image in a collection: the entry's own id, when it was added, and the image. */
export const ZCollectionEntry = z.object({
  id: z.number().int(),
  addedAt: z.string(),
  image: ZImage,
});
export type CollectionEntry = z.infer<typeof ZCollectionEntry>;

/** GET /api/v1/collections/{id}: the collection and its images, most recently added first. */
export const ZCollectionDetail = ZCollection.extend({ images: z.array(ZCollectionEntry) });
export type CollectionDetail = z.infer<typeof ZCollectionDetail>;
