import type { PurchaseOutcome } from "@sawdust/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import { LIBRARY_QUERY_KEY } from "./get-library";

/** How often the page asks while the payment is being confirmed, and for how long at most. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 60_000;

/** GET /api/v1/library/purchases/{checkoutId}: how the member's checkout for an edition ended. */
export function getPurchase(checkoutId: string, signal?: AbortSignal): Promise<PurchaseOutcome> {
  return api.get<PurchaseOutcome>(`/api/v1/library/purchases/${encodeURIComponent(checkoutId)}`, {
    signal,
  });
}

/**
 * The outcome of the checkout the provider returned the buyer from, asked again every 2 s while
 * its payment is being confirmed (at most a minute); once it is sold, the library is read afresh
 * so the new edition is listed.
 */
export function usePurchaseOutcome(checkoutId: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ["library", "purchase", checkoutId],
    queryFn: ({ signal }) => getPurchase(checkoutId as string, signal),
    enabled: checkoutId !== null,
    refetchInterval: (q) =>
      q.state.data?.status === "pending" && q.state.dataUpdateCount * POLL_MS < POLL_FOR_MS
        ? POLL_MS
        : false,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === "sold")
      void queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY, exact: true });
  }, [status, queryClient]);
  return query;
}
