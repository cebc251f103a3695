import type { ModerationDecisionBody, ModerationDecisionResult } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";
import { MODERATION_QUERY_KEY } from "./get-moderation-queue";

/** POST /api/v1/admin/moderation/decisions: each image's outcome comes back. */
export function decideModeration(body: ModerationDecisionBody): Promise<ModerationDecisionResult> {
  return api.post<ModerationDecisionResult>("/api/v1/admin/moderation/decisions", body);
}

/** Approves, keeps private or deletes; the queue and every image list are read again after. */
export function useDecideModeration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideModeration,
    // Refetched after a failure too: some images may have been decided before it.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: MODERATION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY });
    },
  });
}
