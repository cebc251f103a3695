import type { Licence, PurchaseBody, RedirectUrl } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api, isApiRequestError } from "@/lib/api-client";
import { safeExternalUrl } from "@/lib/billing/billing-text";

/**
 * POST /api/v1/images/{id}/purchase: holds an edition and answers its checkout's address. The
 * price the buyer was shown goes with it: if the site's price changed since, the server refuses
 * (409) rather than charge another amount.
 */
export async function purchaseEdition(
  imageId: number,
  licence: Licence,
  expectedCents?: number,
): Promise<string> {
  const body: PurchaseBody = { licence, expectedCents };
  const answer = await api.post<RedirectUrl>(`/api/v1/images/${imageId}/purchase`, body);
  const url = safeExternalUrl(answer?.url, window.location.origin);
  if (!url) throw new Error("The checkout could not be opened. Try again.");
  return url;
}

/** Buying: opens the checkout (like the Pro upgrade) once the server holds the edition. */
export function usePurchaseEdition(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ licence, expectedCents }: { licence: Licence; expectedCents?: number }) =>
      purchaseEdition(imageId, licence, expectedCents),
    onSuccess: (url) => window.location.assign(url),
    // Sold, held or repriced meanwhile: what the page shows is out of date.
    onError: (error) => {
      if (isApiRequestError(error) && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY });
      }
    },
  });
}
