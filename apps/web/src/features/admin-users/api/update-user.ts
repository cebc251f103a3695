import type { AdminUser, AdminUserUpdateBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { USERS_QUERY_KEY } from "./get-users";

/** PATCH /api/v1/admin/users/{id}: a new role, or a suspension or reactivation. */
export function updateUser(id: number, body: AdminUserUpdateBody): Promise<AdminUser> {
  return api.patch<AdminUser>(`/api/v1/admin/users/${id}`, body);
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AdminUserUpdateBody }) => updateUser(id, body),
    // Refetched after a failure too: another admin may have changed the list meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
