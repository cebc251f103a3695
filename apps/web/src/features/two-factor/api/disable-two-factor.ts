import type { TwoFactorDisableBody, TwoFactorStatus } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { TWO_FACTOR_QUERY_KEY } from "./get-two-factor-status";

/** POST /api/v1/two-factor/disable: off, with the password and a code. */
export function disableTwoFactor(body: TwoFactorDisableBody): Promise<TwoFactorStatus> {
  return api.post<TwoFactorStatus>("/api/v1/two-factor/disable", body);
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (status) => queryClient.setQueryData(TWO_FACTOR_QUERY_KEY, status),
  });
}
