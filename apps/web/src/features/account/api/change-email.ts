import type { Account, ChangeEmailBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ACCOUNT_QUERY_KEY } from "./get-account";

/** POST /api/v1/account/email: the new address waits for its link to be opened. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeEmailBody) => api.post<Account>("/api/v1/account/email", body),
    onSuccess: (account) => queryClient.setQueryData(ACCOUNT_QUERY_KEY, account),
  });
}
