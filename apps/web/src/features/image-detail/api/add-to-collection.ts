import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { refreshAfterCollectionChange } from "@/lib/collections";

/** POST /api/v1/collections/{id}/images; adding an image twice is harmless (the server ignores it). */
export function useAddToCollection(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionId: number) =>
      api.post(`/api/v1/collections/${collectionId}/images`, { imageId }),
    // The image's "In collections" count and the collection's image count and cover have changed.
    // Refetched after a failure too: a 404 means the picker listed a collection that is gone.
    onSettled: (_answer, error) =>
      refreshAfterCollectionChange(queryClient, error ? [] : [imageId]),
  });
}
