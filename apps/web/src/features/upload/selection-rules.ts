import { UPLOAD } from "@sawdust/shared";

/**
 * What the picker offers: the spec's JPG, PNG and WebP, and AVIF, which the server takes too
 * (apps/server/src/media/sniff.ts); it also checks the bytes themselves.
 */
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/avif";

export type SelectionVerdict =
  /** At least one file is over the limit: the whole selection is refused (spec section 5). */
  | { kind: "too-large"; count: number }
  /** The images to add, and the files skipped because they are not images. */
  | { kind: "accepted"; images: File[]; notImages: File[] };

/** Spec section 5 "Upload": only files whose type starts with image/ are uploaded. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith("image/");
}

/** Applies the upload rules to a newly picked or dropped set of files. */
export function screenSelection(files: readonly File[]): SelectionVerdict {
  const count = files.filter((file) => file.size > UPLOAD.maxBytes).length;
  if (count > 0) return { kind: "too-large", count };
  return {
    kind: "accepted",
    images: files.filter(isImageFile),
    notImages: files.filter((file) => !isImageFile(file)),
  };
}

function isSameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/**
 * The incoming files that are not already chosen (nor repeated among themselves): picking the
 * same file twice must not upload it twice.
 */
export function withoutDuplicates(incoming: readonly File[], chosen: readonly File[]): File[] {
  const kept: File[] = [];
  for (const file of incoming) {
    if (![...chosen, ...kept].some((other) => isSameFile(file, other))) kept.push(file);
  }
  return kept;
}
