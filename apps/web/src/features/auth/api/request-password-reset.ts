import type { PasswordResetRequestBody } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/v1/auth/password-reset: the same answer whether or not the address is known. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (body: PasswordResetRequestBody) =>
      api.post<{ ok: true }>("/api/v1/auth/password-reset", body),
  });
}
