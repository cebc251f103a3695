import { MESSAGES, type RedirectUrl } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { toast } from "@/hooks/use-toast";
import { api, isApiRequestError } from "@/lib/api-client";
import { safeExternalUrl } from "./billing-text";

/** POST /api/v1/subscriptions/portal: the provider's billing portal for Manage Billing. */
export async function openBillingPortal(): Promise<string> {
  let answer: RedirectUrl | undefined;
  try {
    answer = await api.post<RedirectUrl>("/api/v1/subscriptions/portal");
  } catch (error) {
    if (isApiRequestError(error)) {
      throw new Error(MESSAGES.subscriptions.portalFailed(error.body || error.message));
    }
    throw error;
  }
  const url = safeExternalUrl(answer?.url, window.location.origin);
  if (!url) throw new Error(MESSAGES.subscriptions.noPortalUrl);
  return url;
}

/**
 * Manage Billing: asks for a portal session, then goes there (the portal links back). A failure
 * is said in a toast, or by the caller (`inline`) where a toast would be out of reach: under a
 * modal dialog the toast region is hidden from screen readers and the keyboard.
 */
export function useOpenBillingPortal({ inline = false }: { inline?: boolean } = {}) {
  return useMutation({
    mutationFn: openBillingPortal,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => {
      if (inline) return;
      toast({
        title: MESSAGES.subscriptions.billingErrorTitle,
        description: error.message,
        variant: "destructive",
      });
    },
  });
}
