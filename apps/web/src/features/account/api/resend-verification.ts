import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/v1/account/email/verification: the confirmation link, mailed again. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>("/api/v1/account/email/verification"),
  });
}
