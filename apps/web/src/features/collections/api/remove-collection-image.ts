import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshAfterCollectionChange } from "@/lib/api/get-collections";
import { api } from "@/lib/api-client";

/** DELETE /api/v1/collections/{id}/images/{imageId}: the image leaves the collection, not the gallery. */
export function useRemoveCollectionImage(collectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: number) =>
      api.delete(`/api/v1/collections/${collectionId}/images/${imageId}`),
    // Refetched after a failure too: what is on screen may be out of date.
    onSettled: (_answer, error, imageId) =>
      refreshAfterCollectionChange(queryClient, error ? [] : [imageId]),
  });
}
