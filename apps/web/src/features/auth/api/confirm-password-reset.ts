import type { PasswordResetConfirmBody } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/v1/auth/password-reset/confirm: sets the new password with the mailed link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetConfirmBody) =>
      api.post<{ ok: true }>("/api/v1/auth/password-reset/confirm", body),
  });
}
