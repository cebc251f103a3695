import type { LicencePricesBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

/** PUT /api/v1/admin/images/{id}/licence-prices: the piece's Standard and Commercial prices. */
export function setLicencePrices(imageId: number, body: LicencePricesBody): Promise<{ ok: true }> {
  return api.put<{ ok: true }>(`/api/v1/admin/images/${imageId}/licence-prices`, body);
}

export function useSetLicencePrices(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LicencePricesBody) => setLicencePrices(imageId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY }),
  });
}
