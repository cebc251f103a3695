import type { SandboxClock } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { ADMIN_SUBSCRIPTIONS_QUERY_KEY } from "./get-admin-subscriptions";

/**
 * POST /api/v1/billing/sandbox/clock (admins, sandbox mode only): moves the sandbox's time on, so
 * renewals, failed renewals and expiry fall due.
 */
export function useAdvanceSandboxClock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (days: number) => api.post<SandboxClock>("/api/v1/billing/sandbox/clock", { days }),
    // The subscribers page reads afresh on each visit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_SUBSCRIPTIONS_QUERY_KEY }),
  });
}
