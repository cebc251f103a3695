import type { User } from "@sawdust/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiRequestError } from "@/lib/api-client";

export const AUTH_USER_QUERY_KEY = ["auth", "user"] as const;

/** GET /api/v1/auth/user: the signed-in user, or null for a visitor (the server answers 401). */
export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get<User>("/api/v1/auth/user", { signal });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: AUTH_USER_QUERY_KEY,
  queryFn: ({ signal }) => getCurrentUser(signal),
  // Spec section 4: fetched once and kept for the whole visit.
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useUser() {
  return useQuery(currentUserQueryOptions);
}

/**
 * After a sign-in, sign-up or sign-out the cached data may have been shaped for someone else (an
 * admin sees private images): reset all of it, and wait only for the current user.
 */
export async function refreshSession(queryClient: QueryClient): Promise<void> {
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== AUTH_USER_QUERY_KEY[0],
  });
  await queryClient.refetchQueries({ queryKey: AUTH_USER_QUERY_KEY });
}
