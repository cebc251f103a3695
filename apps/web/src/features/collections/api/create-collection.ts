import type { Collection, CollectionCreateBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshAfterCollectionChange } from "@/lib/api/get-collections";
import { api } from "@/lib/api-client";

/** POST /api/v1/collections. A free member's sixth is refused with a 403 and the server's reason. */
export function useCreateCollection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionCreateBody) => api.post<Collection>("/api/v1/collections", body),
    onSuccess: () => refreshAfterCollectionChange(queryClient),
  });
}
