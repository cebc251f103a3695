import type { RecoveryCodes, TwoFactorConfirmBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { TWO_FACTOR_QUERY_KEY } from "./get-two-factor-status";

/** POST /api/v1/two-factor/enrolment/confirm: on, with the recovery codes (shown once). */
export function confirmEnrolment(body: TwoFactorConfirmBody): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>("/api/v1/two-factor/enrolment/confirm", body);
}

export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEnrolment,
    // Kept while it reloads: the page stays as it is and shows the recovery codes.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
