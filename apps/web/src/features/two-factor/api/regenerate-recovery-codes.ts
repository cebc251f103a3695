import type { RecoveryCodes, RecoveryCodesBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { TWO_FACTOR_QUERY_KEY } from "./get-two-factor-status";

/** POST /api/v1/two-factor/recovery-codes: ten new codes; the old ones stop working. */
export function regenerateRecoveryCodes(body: RecoveryCodesBody): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>("/api/v1/two-factor/recovery-codes", body);
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY }),
  });
}
