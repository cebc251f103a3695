import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { imageQueryOptions } from "@/lib/images";
import { COLLECTIONS_QUERY_KEY } from "./get-collections";

export function useAddToCollection(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (collectionId: number) =>
      api.post(`/api/v1/collections/${collectionId}/images`, { imageId }),
    onSuccess: () => {
      // The image's "in collections" count and the collections' image counts have changed.
      void queryClient.invalidateQueries({ queryKey: imageQueryOptions(imageId).queryKey });
      void queryClient.invalidateQueries({ queryKey: COLLECTIONS_QUERY_KEY });
    },
  });
}
