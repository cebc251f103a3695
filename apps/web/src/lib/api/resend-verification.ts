import type { ResendVerificationBody } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * POST /api/v1/account/email/verification: the confirmation link, mailed again; with `returnTo`
 * (a path on this site) the link leads back there once the address is confirmed.
 */
export function useResendVerification() {
  return useMutation({
    mutationFn: (returnTo?: string) => {
      const body: ResendVerificationBody = returnTo ? { returnTo } : {};
      return api.post<{ ok: true }>("/api/v1/account/email/verification", body);
    },
  });
}
