import { type Image, type ImagePatchBody, ZImagePatchBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";
import { storeChangedImage } from "./image-cache";

/** What the detail dialog's edit mode changes (spec section 2). */
export interface ImageDetailsInput {
  title: string;
  description: string;
  /** Comma-separated, as typed. */
  style: string;
  /** Comma-separated, as typed. */
  tags: string;
}

/** Which of the form's fields the admin changed (react-hook-form's dirty fields). */

/** Comma-separated text → its trimmed, non-empty parts. */
export function splitList(text: string): string[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The PATCH body. Only title and description go in aiAnalysis: the server keeps the analysis's
 * other fields, so sending them back could only overwrite newer ones.
 */
export function imagePatchOf(input: ImageDetailsInput): ImagePatchBody {
  return {
    aiAnalysis: { title: input.title.trim(), description: input.description.trim() },
    tags: splitList(input.tags),
    style: splitList(input.style).join(", "),
  };
}

/** The edit form's text as the PATCH body, checked by the server's own schema (ZImagePatchBody). */
export const ZImageDetailsForm = z
  .object({ title: z.string(), description: z.string(), style: z.string(), tags: z.string() })
  .transform(imagePatchOf)
  .pipe(ZImagePatchBody);

/**
 * PATCH /api/v1/images/{id}, made from the image's `version` (its ETag): refused (412
 * `changed_elsewhere`) when the image changed since.
 */
export function updateImage(
  imageId: number,
  body: ImagePatchBody,
  version?: string,
): Promise<Image> {
  return api.patch<Image>(`/api/v1/images/${imageId}`, body, { ifMatch: version });
}

export function useUpdateImage(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: ImagePatchBody; version?: string }) =>
      updateImage(imageId, body, version),
    onSuccess: (image) => storeChangedImage(queryClient, image),
  });
}
