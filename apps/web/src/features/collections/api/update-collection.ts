import type { Collection, CollectionUpdateBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshAfterCollectionChange } from "@/lib/api/get-collections";
import { api } from "@/lib/api-client";

/** PATCH /api/v1/collections/{id} with the edit dialog's name and description. */
export function useUpdateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CollectionUpdateBody }) =>
      api.patch<Collection>(`/api/v1/collections/${id}`, body),
    // Refetched after a failure too: a 404 means the list on screen is out of date.
    onSettled: () => refreshAfterCollectionChange(queryClient),
  });
}
