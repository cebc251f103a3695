import { DATA_CACHE } from "@sawdust/shared";
import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { AUTH_USER_QUERY_KEY } from "@/lib/api/get-current-user";
import { isApiRequestError } from "@/lib/api-client";

/** Spec section 9 "Data cache": data never goes stale, nothing is retried or refetched on focus. */
export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A 401 while the app believes someone is signed in means the session is gone (signed out
    // elsewhere, ended or suspended by an admin): ask who is signed in now, so every guard sees a
    // visitor and the page moves on.
    queryCache: new QueryCache({ onError: (error) => sessionMayHaveEnded(queryClient, error) }),
    mutationCache: new MutationCache({
      onError: (error) => sessionMayHaveEnded(queryClient, error),
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

function sessionMayHaveEnded(queryClient: QueryClient, error: unknown): void {
  if (!isApiRequestError(error) || error.status !== 401) return;
  if (!queryClient.getQueryData(AUTH_USER_QUERY_KEY)) return;
  void queryClient.refetchQueries({ queryKey: AUTH_USER_QUERY_KEY });
}
