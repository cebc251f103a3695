import type { AuthSuccess, LoginBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshSession } from "@/lib/api/get-current-user";
import { api } from "@/lib/api-client";

/** POST /api/v1/auth/login. */
export function login(body: LoginBody): Promise<AuthSuccess> {
  return api.post<AuthSuccess>("/api/v1/auth/login", body);
}

/** Signing in; the auth screen words its own failures. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => refreshSession(queryClient),
  });
}
