import type { Image, ImagePatchBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

/**
 * PATCH /api/v1/images/{id}: the edit page's words, tags, style and edition, made from the
 * image's `version` (its ETag): refused (412) if the image changed since.
 */
export function updateImage(
  imageId: number,
  body: ImagePatchBody,
  version?: string,
): Promise<Image> {
  return api.patch<Image>(`/api/v1/images/${imageId}`, body, { ifMatch: version });
}

/** Saving the edit page; on success every image query refreshes (spec section 7). */
export function useUpdateImage(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: ImagePatchBody; version?: string }) =>
      updateImage(imageId, body, version),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY }),
  });
}
