import type { Collection } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshAfterCollectionChange } from "@/lib/api/get-collections";
import { api } from "@/lib/api-client";

/**
 * POST /api/v1/collections/{id}/images. Resolves to whether the image was added now (201) or the
 * collection held it already (200: the server changes nothing).
 */
export function useAddToCollection(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (collectionId: number) => {
      const { status } = await api.postForStatus<Collection>(
        `/api/v1/collections/${collectionId}/images`,
        { imageId },
      );
      return { added: status === 201 };
    },
    // The image's "In collections" count and the collection's image count and cover have changed.
    // Refetched after a failure too: a 404 means the picker listed a collection that is gone.
    onSettled: (_answer, error) =>
      refreshAfterCollectionChange(queryClient, error ? [] : [imageId]),
  });
}
