import type { TwoFactorReset } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { USERS_QUERY_KEY } from "./get-users";

/** DELETE /api/v1/admin/users/{id}/two-factor: the user signs in with their password alone. */
export function resetTwoFactor(id: number): Promise<TwoFactorReset> {
  return api.delete<TwoFactorReset>(`/api/v1/admin/users/${id}/two-factor`);
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
