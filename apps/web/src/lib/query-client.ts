import { DATA_CACHE } from "@sawdust/shared";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { sessionMayHaveEnded } from "@/lib/api/get-current-user";

/** Spec section 9 "Data cache": data never goes stale, nothing is retried or refetched on focus. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A 401 while the app believes someone is signed in means the session may be gone (signed
    // out elsewhere, ended or suspended by an admin): ask who is signed in now.
    queryCache: new QueryCache({
      onError: (error) => sessionMayHaveEnded(queryClient, error, { action: false }),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.signInAttempt) return;
        sessionMayHaveEnded(queryClient, error, { action: true });
      },
    }),
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
  return queryClient;
}
