import { MESSAGES } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { refreshSession } from "@/lib/api/get-current-user";
import { api } from "@/lib/api-client";

/** POST /api/v1/auth/logout. */
export function logout(): Promise<{ ok: true }> {
  return api.post<{ ok: true }>("/api/v1/auth/logout");
}

/** Signing out; a failure shows 'Logout Error' (spec section 8). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => refreshSession(queryClient, null),
    onError: (error) =>
      toast({
        title: MESSAGES.auth.logoutErrorToast,
        description: error.message,
        variant: "destructive",
      }),
  });
}
