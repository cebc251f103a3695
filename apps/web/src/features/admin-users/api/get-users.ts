import type { AdminUserList, AdminUsersQuery } from "@sawdust/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const USERS_QUERY_KEY = ["admin", "users"] as const;
const PAGE_SIZE = 50;

/** The Users page's filters, as the URL keeps them. */
export type UserFilters = Pick<AdminUsersQuery, "q" | "role" | "status">;

/** GET /api/v1/admin/users: users newest first, with standing, plan and use this month. */
export function getUsers(
  filters: UserFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminUserList> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set("cursor", cursor);
  if (filters.q) query.set("q", filters.q);
  if (filters.role) query.set("role", filters.role);
  if (filters.status) query.set("status", filters.status);
  return api.get<AdminUserList>(`/api/v1/admin/users?${query}`, { signal });
}

export function usersQueryOptions(filters: UserFilters) {
  return infiniteQueryOptions({
    queryKey: [...USERS_QUERY_KEY, filters],
    queryFn: ({ pageParam, signal }) => getUsers(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Sign-ins, downloads and other admins change it all the time: read afresh on each visit.
    staleTime: 0,
  });
}

export function useUsers(filters: UserFilters) {
  return useInfiniteQuery(usersQueryOptions(filters));
}
