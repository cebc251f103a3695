import type { PurchaseOutcome } from "@sawdust/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api, isApiRequestError } from "@/lib/api-client";
import { LIBRARY_QUERY_KEY } from "./get-library";

/** How often the page asks while the payment is being confirmed, and for how long at most. */
const POLL_MS = 2_000;
const POLL_FOR_MS = 60_000;

/**
 * GET /api/v1/library/purchases/{checkoutId}: how the member's checkout for an edition ended;
 * null while the server knows no purchase of theirs by it (a piece deleted while they paid takes
 * its hold along until the payment is recorded).
 */
export async function getPurchase(
  checkoutId: string,
  signal?: AbortSignal,
): Promise<PurchaseOutcome | null> {
  try {
    return await api.get<PurchaseOutcome>(
      `/api/v1/library/purchases/${encodeURIComponent(checkoutId)}`,
      { signal },
    );
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}

/** Still to be told: not known yet (null), or known and being confirmed. */
const waiting = (outcome: PurchaseOutcome | null | undefined) =>
  outcome === null || outcome?.status === "pending";

/**
 * The outcome of the checkout the provider returned the buyer from, asked again every 2 s while
 * its payment is being confirmed or is not known yet, for at most a minute (`gaveUp` when it is
 * still not known then); once it is sold, the library is read afresh so the new edition is listed.
 */
export function usePurchaseOutcome(checkoutId: string | null) {
  const queryClient = useQueryClient();
  const [since] = useState(() => Date.now());
  const asking = (updatedAt: number) => updatedAt - since < POLL_FOR_MS - POLL_MS;
  const query = useQuery({
    queryKey: ["library", "purchase", checkoutId],
    queryFn: ({ signal }) => getPurchase(checkoutId as string, signal),
    enabled: checkoutId !== null,
    refetchInterval: (q) =>
      waiting(q.state.data) && asking(q.state.dataUpdatedAt) ? POLL_MS : false,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === "sold") {
      void queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_KEY, exact: true });
    }
  }, [status, queryClient]);
  return { ...query, gaveUp: query.data === null && !asking(query.dataUpdatedAt) };
}
