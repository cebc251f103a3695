import type { ApiKey } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { API_KEYS_QUERY_KEY } from "./get-api-keys";

/** DELETE /api/v1/api-keys/{id}: revokes the key, for good, in every process at once. */
export function revokeApiKey(id: number): Promise<ApiKey> {
  return api.delete<ApiKey>(`/api/v1/api-keys/${id}`);
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    // Refetched after a failure too: the list on screen may be out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
