import {
  type AuthSuccess,
  type LoginBody,
  MESSAGES,
  type RegisterBody,
  type Tier,
  type User,
} from "@sawdust/shared";
import {
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { api, isApiRequestError } from "@/lib/api-client";

export const AUTH_USER_QUERY_KEY = ["auth", "user"] as const;

/** The signed-in user, or null for a visitor (the server answers 401). */
export async function fetchCurrentUser(signal?: AbortSignal): Promise<User | null> {
  try {
    return await api.get<User>("/api/v1/auth/user", { signal });
  } catch (error) {
    if (isApiRequestError(error) && error.status === 401) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: AUTH_USER_QUERY_KEY,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  // Spec section 4: fetched once and kept for the whole visit.
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useUser() {
  return useQuery(currentUserQueryOptions);
}

const PRO_TIERS: readonly Tier[] = ["pro", "pro_plus"];

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === "admin";
}

export function isPro(user: User | null | undefined): boolean {
  return user !== null && user !== undefined && PRO_TIERS.includes(user.tier);
}

/**
 * After a sign-in, sign-up or sign-out the cached data may have been shaped for someone else (an
 * admin sees private images): reset all of it, and wait only for the current user.
 */
async function refreshSession(queryClient: QueryClient): Promise<void> {
  void queryClient.resetQueries({
    predicate: (query) => query.queryKey[0] !== AUTH_USER_QUERY_KEY[0],
  });
  await queryClient.refetchQueries({ queryKey: AUTH_USER_QUERY_KEY });
}

interface AuthMutationOptions {
  /** The auth screen words its own failures; everywhere else a generic toast is shown. */
  showErrorToast?: boolean;
}

function toastFailure(title: string, error: Error): void {
  toast({ title, description: error.message, variant: "destructive" });
}

export function useLogin({ showErrorToast = true }: AuthMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api.post<AuthSuccess>("/api/v1/auth/login", body),
    onSuccess: () => refreshSession(queryClient),
    onError: (error) => {
      if (showErrorToast) toastFailure(MESSAGES.auth.loginErrorToast, error);
    },
  });
}

export function useRegister({ showErrorToast = true }: AuthMutationOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => api.post<AuthSuccess>("/api/v1/auth/register", body),
    onSuccess: () => refreshSession(queryClient),
    onError: (error) => {
      if (showErrorToast) toastFailure(MESSAGES.auth.registrationErrorToast, error);
    },
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>("/api/v1/auth/logout"),
    onSuccess: () => refreshSession(queryClient),
    onError: (error) => toastFailure(MESSAGES.auth.logoutErrorToast, error),
  });
}
