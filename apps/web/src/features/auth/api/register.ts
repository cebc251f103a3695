import type { AuthSuccess, RegisterBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshSession, SIGN_IN_ATTEMPT } from "@/lib/api/get-current-user";
import { api } from "@/lib/api-client";

/** POST /api/v1/auth/register: the new member is signed in at once. */
export function register(body: RegisterBody): Promise<AuthSuccess> {
  return api.post<AuthSuccess>("/api/v1/auth/register", body);
}

/** Creating an account; the auth screen words its own failures. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: SIGN_IN_ATTEMPT,
    mutationFn: register,
    onSuccess: (result) => refreshSession(queryClient, result.user),
  });
}
