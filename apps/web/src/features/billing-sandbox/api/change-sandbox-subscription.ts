import type { SandboxPortal, SandboxPortalAction } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { portalPath, sandboxPortalQueryKey } from "./get-sandbox-portal";

/**
 * POST /api/v1/billing/sandbox/portal/{id}: cancel at period end, resume, switch cycle or update
 * the card. The answer is the portal as it now stands.
 */
export function useChangeSandboxSubscription(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SandboxPortalAction) =>
      api.post<SandboxPortal>(portalPath(sessionId), action),
    onSuccess: (portal) => queryClient.setQueryData(sandboxPortalQueryKey(sessionId), portal),
  });
}
