import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Deletes the image; the caller closes the dialog before the cache forgets it (no 404 flash). */
export function useDeleteImage(imageId: number) {
  return useMutation({
    mutationFn: () => api.delete<{ ok: true }>(`/api/v1/images/${imageId}`),
  });
}
