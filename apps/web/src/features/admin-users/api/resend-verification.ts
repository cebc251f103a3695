import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/v1/admin/users/{id}/verification-email: mails the confirmation link again (audited). */
export function useAdminResendVerification() {
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ ok: true }>(`/api/v1/admin/users/${id}/verification-email`),
  });
}
