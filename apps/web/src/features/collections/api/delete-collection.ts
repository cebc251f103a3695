import { useMutation, useQueryClient } from "@tanstack/react-query";
import { collectionQueryOptions } from "@/lib/api/get-collection";
import { refreshAfterCollectionChange } from "@/lib/api/get-collections";
import { api } from "@/lib/api-client";

/** DELETE /api/v1/collections/{id}. Every image it held is now in one collection fewer. */
export function useDeleteCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/api/v1/collections/${id}`),
    onSuccess: (_answer, id) =>
      queryClient.removeQueries({ queryKey: collectionQueryOptions(id).queryKey }),
    // Refetched after a failure too: a 404 means the list on screen is out of date.
    onSettled: (_answer, error) => refreshAfterCollectionChange(queryClient, error ? [] : "all"),
  });
}
