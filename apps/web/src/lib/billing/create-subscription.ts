import { type CreateSubscriptionBody, MESSAGES, type RedirectUrl } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api, isApiRequestError } from "@/lib/api-client";
import { safeExternalUrl } from "./billing-text";

/** A refusal the spec words itself (section 8); any other failure is a network's or a bug's. */
export class CheckoutError extends Error {
  override readonly name = "CheckoutError";

  constructor(
    message: string,
    /** The server's own message, when it refused the checkout. */
    readonly refusal?: string,
  ) {
    super(message);
  }
}

/**
 * POST /api/v1/subscriptions/create: a checkout for a Pro subscription of the chosen cycle. Fails
 * with the spec's texts (section 8): 'Failed to create subscription: {body}' when the server
 * refuses, 'No checkout URL returned from server' when it answers without one.
 */
export async function createSubscription(body: CreateSubscriptionBody): Promise<string> {
  let answer: RedirectUrl | undefined;
  try {
    answer = await api.post<RedirectUrl>("/api/v1/subscriptions/create", body);
  } catch (error) {
    if (isApiRequestError(error)) {
      throw new CheckoutError(
        MESSAGES.subscriptions.createFailed(error.body || error.message),
        error.body,
      );
    }
    throw error;
  }
  const url = safeExternalUrl(answer?.url, window.location.origin);
  if (!url) throw new CheckoutError(MESSAGES.subscriptions.noCheckoutUrl);
  return url;
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
