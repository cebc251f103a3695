import type { SandboxPortal } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const portalPath = (sessionId: string) =>
  `/api/v1/billing/sandbox/portal/${encodeURIComponent(sessionId)}`;

export function sandboxPortalQueryKey(sessionId: string) {
  return ["billing-sandbox", "portal", sessionId] as const;
}

/** GET /api/v1/billing/sandbox/portal/{id}: the sandbox billing portal's subscription and invoices. */
export function getSandboxPortal(sessionId: string, signal?: AbortSignal): Promise<SandboxPortal> {
  return api.get<SandboxPortal>(portalPath(sessionId), { signal });
}

export function sandboxPortalQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: sandboxPortalQueryKey(sessionId),
    queryFn: ({ signal }) => getSandboxPortal(sessionId, signal),
  });
}

export function useSandboxPortal(sessionId: string) {
  return useQuery(sandboxPortalQueryOptions(sessionId));
}
