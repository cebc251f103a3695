import type { ImageReport, ImageReportBody } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** POST /api/v1/images/{id}/reports: a member's report, once per image (a second is a 409). */
export function reportImage(imageId: number, body: ImageReportBody): Promise<ImageReport> {
  return api.post<ImageReport>(`/api/v1/images/${imageId}/reports`, body);
}

export function useReportImage(imageId: number) {
  return useMutation({ mutationFn: (body: ImageReportBody) => reportImage(imageId, body) });
}
