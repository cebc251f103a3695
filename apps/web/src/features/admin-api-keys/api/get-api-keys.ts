import type { ApiKeyList } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Every API key query shares this prefix: a creation or a revocation refreshes them all. */
export const API_KEYS_QUERY_KEY = ["api-keys"] as const;

/** GET /api/v1/api-keys: every key (never the key itself) and where partners find the API. */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKeyList> {
  return api.get<ApiKeyList>("/api/v1/api-keys", { signal });
}

export const apiKeysQueryOptions = queryOptions({
  queryKey: [...API_KEYS_QUERY_KEY, "list"],
  queryFn: ({ signal }) => getApiKeys(signal),
});

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions);
}
