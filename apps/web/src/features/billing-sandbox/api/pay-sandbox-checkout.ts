import type { RedirectUrl, SandboxPayBody } from "@sawdust/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { checkoutPath } from "./get-sandbox-checkout";

/**
 * POST /api/v1/billing/sandbox/checkout/{id}/pay: pays with a test card and answers where to go
 * next (the success address). A declined card is a 402 with the decline's reason.
 */
export function usePaySandboxCheckout(sessionId: string) {
  return useMutation({
    mutationFn: (body: SandboxPayBody) =>
      api.post<RedirectUrl>(`${checkoutPath(sessionId)}/pay`, body),
  });
}
