import type { Licence, RedirectUrl } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { safeExternalUrl } from "@/lib/billing/billing-text";

/** POST /api/v1/images/{id}/purchase: holds an edition and answers its checkout's address. */
export async function purchaseEdition(imageId: number, licence: Licence): Promise<string> {
  const answer = await api.post<RedirectUrl>(`/api/v1/images/${imageId}/purchase`, { licence });
  const url = safeExternalUrl(answer?.url, window.location.origin);
  if (!url) throw new Error("The checkout could not be opened. Try again.");
  return url;
}

/** Buying: opens the checkout (like the Pro upgrade) once the server holds the edition. */
export function usePurchaseEdition(imageId: number) {
  return useMutation({
    mutationFn: (licence: Licence) => purchaseEdition(imageId, licence),
    onSuccess: (url) => window.location.assign(url),
  });
}
