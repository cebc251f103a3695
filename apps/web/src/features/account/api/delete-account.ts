import type { DeleteAccountBody } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** DELETE /api/v1/account: the caller refreshes the session once it is gone. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api.delete<{ ok: true }>("/api/v1/account", body),
  });
}
