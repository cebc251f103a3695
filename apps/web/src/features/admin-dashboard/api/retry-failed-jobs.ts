import type { RetriedJobs } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminDashboardQueryOptions } from "./get-admin-dashboard";

/** POST /api/v1/admin/jobs/retry-failed: queues every job that failed for good again. */
export function retryFailedJobs(): Promise<RetriedJobs> {
  return api.post<RetriedJobs>("/api/v1/admin/jobs/retry-failed");
}

export function useRetryFailedJobs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedJobs,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: adminDashboardQueryOptions.queryKey }),
  });
}
