import type { SandboxCheckout } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const checkoutPath = (sessionId: string) =>
  `/api/v1/billing/sandbox/checkout/${encodeURIComponent(sessionId)}`;

/** GET /api/v1/billing/sandbox/checkout/{id}: what the sandbox's checkout page shows. */
export function getSandboxCheckout(
  sessionId: string,
  signal?: AbortSignal,
): Promise<SandboxCheckout> {
  return api.get<SandboxCheckout>(checkoutPath(sessionId), { signal });
}

export function sandboxCheckoutQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: ["billing-sandbox", "checkout", sessionId],
    queryFn: ({ signal }) => getSandboxCheckout(sessionId, signal),
  });
}

export function useSandboxCheckout(sessionId: string) {
  return useQuery(sandboxCheckoutQueryOptions(sessionId));
}
