import type { ApiKeyCreateBody, ApiKeyCreated } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { API_KEYS_QUERY_KEY } from "./get-api-keys";

/** POST /api/v1/api-keys: the answer carries the key itself, this once. */
export function createApiKey(body: ApiKeyCreateBody): Promise<ApiKeyCreated> {
  return api.post<ApiKeyCreated>("/api/v1/api-keys", body);
}

/**
 * Creates a key. The answer (with the key) is kept by the page alone, never in the query cache:
 * the mutation is forgotten as soon as nothing observes it, so leaving the page leaves no copy.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
