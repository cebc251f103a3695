import type { Certificate } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/v1/certificates/{id}: a genuine certificate that stands (404 forged, 410 revoked). */
export function getCertificate(id: string, signal?: AbortSignal): Promise<Certificate> {
  return api.get<Certificate>(`/api/v1/certificates/${encodeURIComponent(id)}`, { signal });
}

export function certificateQueryOptions(id: string) {
  return queryOptions({
    queryKey: ["certificate", id],
    queryFn: ({ signal }) => getCertificate(id, signal),
    retry: false,
  });
}

export function useCertificate(id: string) {
  return useQuery(certificateQueryOptions(id));
}
