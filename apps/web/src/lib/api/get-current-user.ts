import type { User } from "@sawdust/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api, isApiRequestError } from "@/lib/api-client";

export const AUTH_USER_QUERY_KEY = ["auth", "user"] as const;
/** The member whose session ended under the page they were on (null or absent: none). */
const ENDED_SESSION_KEY = ["auth", "ended"] as const;

/** GET /api/v1/auth/user: the signed-in user, or null for a visitor (the server answers 401). */
export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get<User>("/api/v1/auth/user", { signal });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: AUTH_USER_QUERY_KEY,
  queryFn: ({ signal }) => getCurrentUser(signal),
  // Spec section 4: fetched once and kept for the whole visit.
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useUser() {
  return useQuery(currentUserQueryOptions);
}

/**
 * A member's session found ended, and how many of their actions were refused since (each opens
 * the dialog again if they closed it).
 */
export interface EndedSession {
  user: User;
  refusedActions: number;
}

const endedSessionOptions = queryOptions({
  queryKey: ENDED_SESSION_KEY,
  queryFn: (): EndedSession | null => null,
  enabled: false,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

/**
 * The member whose session ended while they were on a page (signed out in another tab, ended or
 * suspended by an admin, expired): the page stays as it was, with what they typed, under a
 * dialog asking them to sign in again (session-ended-dialog.tsx). Null otherwise.
 */
export function useEndedSession(): EndedSession | null {
  return useQuery(endedSessionOptions).data ?? null;
}

/** The tabs of this site in this browser, told when the signed-in member changes in one of them. */
const SESSION_CHANNEL = "sawdust-session";

/**
 * After a sign-in, sign-up or sign-out the cached data may have been shaped for someone else (an
 * admin sees private images): reset all of it, and wait only for the current user. The member
 * whose session had ended signing in again keeps the page as it is (`user`: who signed in; null
 * after a sign-out: nobody, known before anything is asked again, so that the 401s of what is
 * fetched anew are not taken for a session that ended under the page).
 * The site's other tabs are told, and check who is signed in now (watchSessionElsewhere).
 */
export async function refreshSession(queryClient: QueryClient, user?: User | null): Promise<void> {
  tellOtherTabs();
  const ended = queryClient.getQueryData(endedSessionOptions.queryKey);
  queryClient.setQueryData(ENDED_SESSION_KEY, null);
  if (user === null) queryClient.setQueryData(AUTH_USER_QUERY_KEY, null);
  if (user && ended && user.id === ended.user.id) {
    queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
    // What the page asked for while the session was gone was refused: ask again.
    void queryClient.refetchQueries({ predicate: (query) => query.state.status === "error" });
    return;
  }
  await startOver(queryClient);
}

async function startOver(queryClient: QueryClient): Promise<void> {
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== AUTH_USER_QUERY_KEY[0],
  });
  await queryClient.refetchQueries({ queryKey: AUTH_USER_QUERY_KEY });
}

/** The member leaves a page whose session ended: from now on they are a visitor. */
export function leaveEndedSession(queryClient: QueryClient): Promise<void> {
  queryClient.setQueryData(ENDED_SESSION_KEY, null);
  return startOver(queryClient);
}

let checking: Promise<void> | undefined;

/**
 * Who is signed in now, compared with who the page was made for: the same member, nothing to do;
 * nobody, their session ended (the page stays, under the sign-in dialog); someone else, every
 * cached answer was theirs and is fetched again. One check at a time: a page's several refused
 * calls make one.
 */
export function checkSession(queryClient: QueryClient): Promise<void> {
  checking ??= (async () => {
    try {
      const shown = queryClient.getQueryData(AUTH_USER_QUERY_KEY) as User | null | undefined;
      const now = await getCurrentUser();
      if (shown && now === null) {
        const ended: EndedSession = { user: shown, refusedActions: 0 };
        queryClient.setQueryData(ENDED_SESSION_KEY, ended);
      } else if ((shown?.id ?? null) !== (now?.id ?? null)) {
        queryClient.setQueryData(ENDED_SESSION_KEY, null);
        await startOver(queryClient);
      } else {
        queryClient.setQueryData(ENDED_SESSION_KEY, null);
        if (now) queryClient.setQueryData(AUTH_USER_QUERY_KEY, now);
      }
    } catch {
      // Out of reach: the next refused call asks again.
    } finally {
      checking = undefined;
    }
  })();
  return checking;
}

/**
 * A 401 while the app believes someone is signed in: their session may be gone. Once it is known
 * to be, nothing is asked again (a page that polls would ask every second); a refused action of
 * theirs (`action`: a mutation) brings the dialog back if they closed it.
 */
export function sessionMayHaveEnded(
  queryClient: QueryClient,
  error: unknown,
  { action }: { action: boolean },
): void {
  if (!isApiRequestError(error) || error.status !== 401) return;
  if (!queryClient.getQueryData(AUTH_USER_QUERY_KEY)) return;
  const ended = queryClient.getQueryData(endedSessionOptions.queryKey);
  if (ended) {
    if (action) {
      const again: EndedSession = { ...ended, refusedActions: ended.refusedActions + 1 };
      queryClient.setQueryData(ENDED_SESSION_KEY, again);
    }
    return;
  }
  void checkSession(queryClient);
}

/**
 * A mutation's `meta` marking a sign-in attempt: its 401 is a wrong password or code, not a
 * session that ended (the session-ended dialog's own form must not reset itself).
 */
export const SIGN_IN_ATTEMPT = { signInAttempt: true } as const;

/** This tab's end of the channel: a message is not delivered to the object that posted it. */
let channel: BroadcastChannel | undefined;

function tellOtherTabs(): void {
  channel?.postMessage("changed");
}

/** Checks who is signed in whenever another tab of the site signs in or out (browser only). */
export function watchSessionElsewhere(queryClient: QueryClient): void {
  if (typeof BroadcastChannel === "undefined") return;
  channel = new BroadcastChannel(SESSION_CHANNEL);
  channel.onmessage = () => void checkSession(queryClient);
}
