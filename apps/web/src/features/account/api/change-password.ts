import type { ChangePasswordBody } from "@sawdust/shared";
import { type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ACCOUNT_QUERY_KEY } from "./get-account";
import { SESSIONS_QUERY_KEY } from "./get-sessions";

/**
 * What a password change makes stale: the other sessions end, and a change of email waiting for
 * its link is called off (the page's "Waiting for confirmation at …" line goes).
 */
export function refetchAfterPasswordChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
  ]);
}

/** POST /api/v1/account/password. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) =>
      api.post<{ ok: true }>("/api/v1/account/password", body),
    onSuccess: () => refetchAfterPasswordChange(queryClient),
  });
}
