import type { AuthSuccess, TwoFactorSignInBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { refreshSession, SIGN_IN_ATTEMPT } from "@/lib/api/get-current-user";
import { api } from "@/lib/api-client";

/** POST /api/v1/auth/two-factor: the pending token and a code (or a recovery code). */
export function loginTwoFactor(body: TwoFactorSignInBody): Promise<AuthSuccess> {
  return api.post<AuthSuccess>("/api/v1/auth/two-factor", body);
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: SIGN_IN_ATTEMPT,
    mutationFn: loginTwoFactor,
    onSuccess: (result) => refreshSession(queryClient, result.user),
  });
}
