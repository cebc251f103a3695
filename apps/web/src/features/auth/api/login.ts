import type { LoginBody, LoginResponse } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshSession, SIGN_IN_ATTEMPT } from "@/lib/api/get-current-user";
import { api } from "@/lib/api-client";

/** POST /api/v1/auth/login: signed in, or (two-factor on) the code step's pending token. */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.post<LoginResponse>("/api/v1/auth/login", body);
}

/** Signing in; the auth screen words its own failures. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: SIGN_IN_ATTEMPT,
    mutationFn: login,
    // The code step starts no session: nothing to refresh until the code is in. An admin who must
    // turn on two-factor first is refreshed by the form, after it has sent them to do so.
    onSuccess: (result) =>
      "twoFactorRequired" in result || result.twoFactorSetupRequired
        ? undefined
        : refreshSession(queryClient, result.user),
  });
}
