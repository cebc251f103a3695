import type { CurrentSubscription } from "@sawdust/shared";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useUser } from "@/lib/api/get-current-user";
import { api } from "@/lib/api-client";

export const CURRENT_SUBSCRIPTION_QUERY_KEY = ["subscriptions", "current"] as const;

/** GET /api/v1/subscriptions/current: the member's tier now and the subscription behind it. */
export function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  return api.get<CurrentSubscription>("/api/v1/subscriptions/current", { signal });
}

export const currentSubscriptionQueryOptions = queryOptions({
  queryKey: CURRENT_SUBSCRIPTION_QUERY_KEY,
  queryFn: ({ signal }) => getCurrentSubscription(signal),
  // The plan changes outside this tab (checkout, the billing portal, a renewal): read it afresh
  // whenever a screen that shows it appears.
  staleTime: 0,
});

interface CurrentSubscriptionOptions {
  enabled?: boolean;
  /** Until the plan is Pro, ask again every this many milliseconds (false: do not poll). */
  pollUntilProMs?: number | false;
  /**
   * Refresh everything cached when the tier has changed (default). A dialog whose opener hides
   * for Pro members refreshes when it closes instead, or it would vanish mid-sentence.
   */
  syncTier?: boolean;
}

/**
 * The member's subscription. When its tier differs from the cached current user's (a webhook has
 * changed the plan since the user was read), everything cached is refreshed, so the navigation,
 * download sizes and limits follow at once.
 */
export function useCurrentSubscription({
  enabled = true,
  pollUntilProMs = false,
  syncTier = true,
}: CurrentSubscriptionOptions = {}) {
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const query = useQuery({
    ...currentSubscriptionQueryOptions,
    enabled: enabled && Boolean(user),
    refetchInterval: (query) =>
      pollUntilProMs === false || query.state.data?.isPro ? false : pollUntilProMs,
    // While waiting for a payment made in another tab, coming back here asks at once.
    refetchOnWindowFocus: pollUntilProMs !== false,
  });
  const tier = query.data?.tier;
  // Once for each tier seen: a server whose two answers disagree must not start a loop.
  const syncedTier = useRef<string | null>(null);
  useEffect(() => {
    if (!syncTier || !tier || !user || tier === user.tier || syncedTier.current === tier) return;
    syncedTier.current = tier;
    void refreshAfterPlanChange(queryClient);
  }, [syncTier, tier, user, queryClient]);
  return query;
}

/**
 * After the plan changed: every cached answer may have been shaped for the old tier (Pro sizes,
 * generation details, limits). Refetched in place, so nothing on screen flashes empty.
 */
export function refreshAfterPlanChange(queryClient: QueryClient): Promise<void> {
  // The current subscription itself was just read: it is what told us.
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] !== CURRENT_SUBSCRIPTION_QUERY_KEY[0] ||
      queryKey[1] !== CURRENT_SUBSCRIPTION_QUERY_KEY[1],
  });
}

/**
 * Whether a wait that started when `active` became true has lasted `timeoutMs`: polling stops
 * then, and the screen says what is happening instead.
 */
export function useTimedOut(active: boolean, timeoutMs: number): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    setTimedOut(false);
    if (!active) return;
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [active, timeoutMs]);
  return timedOut;
}
