import type { EndedSessions } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { USERS_QUERY_KEY } from "./get-users";

/** DELETE /api/v1/admin/users/{id}/sessions: signs the user out everywhere. */
export function endSessions(id: number): Promise<EndedSessions> {
  return api.delete<EndedSessions>(`/api/v1/admin/users/${id}/sessions`);
}

export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
