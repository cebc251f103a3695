import type { AdminImageBatchBody, AdminImageBatchResult } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

/** POST /api/v1/admin/images/batch: one operation over the selected images, in one transaction. */
export function batchImages(body: AdminImageBatchBody): Promise<AdminImageBatchResult> {
  return api.post<AdminImageBatchResult>("/api/v1/admin/images/batch", body);
}

/** A batch; every image list refreshes after it, whatever it changed. */
export function useBatchImages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchImages,
    onSettled: () => queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY }),
  });
}
