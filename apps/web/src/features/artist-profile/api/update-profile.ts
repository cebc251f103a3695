import type { ProfileUpdate, User } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AUTH_USER_QUERY_KEY } from "@/lib/api/get-current-user";
import { api } from "@/lib/api-client";

/** PATCH /api/v1/profile; on success the signed-in user query is refreshed (spec section 7). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => api.patch<User>("/api/v1/profile", body),
    onSuccess: async (user) => {
      queryClient.setQueryData(AUTH_USER_QUERY_KEY, user);
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
    },
  });
}
