import type { VerifyEmailResult } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/v1/auth/verify-email: opens a mailed confirmation link. */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post<VerifyEmailResult>("/api/v1/auth/verify-email", { token }),
  });
}
