import { DATA_CACHE } from "@sawdust/shared";
import { QueryClient } from "@tanstack/react-query";

/** Spec section 9 "Data cache": data never goes stale, nothing is retried or refetched on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: DATA_CACHE.staleTime,
        gcTime: DATA_CACHE.gcTimeMs,
        retry: DATA_CACHE.retry,
        refetchOnWindowFocus: DATA_CACHE.refetchOnWindowFocus,
      },
      mutations: { retry: false },
    },
  });
}
