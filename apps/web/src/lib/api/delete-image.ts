import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** DELETE /api/v1/images/{id}. */
export function deleteImage(imageId: number): Promise<unknown> {
  return api.delete<unknown>(`/api/v1/images/${imageId}`);
}

/** Deleting an image; each caller says what follows (a toast, closing a dialog, the cache). */
export function useDeleteImage(
  options: Omit<UseMutationOptions<unknown, Error, number>, "mutationFn"> = {},
) {
  return useMutation({ ...options, mutationFn: deleteImage });
}
