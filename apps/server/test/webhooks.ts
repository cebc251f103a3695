import Stripe from "stripe";
import type { App } from "../src/app.js";
import { SANDBOX_SETTINGS } from "../src/modules/billing/sandbox-provider.js";
import type { TestApp } from "./test-app.js";

/**
 * Webhook deliveries as the payment provider makes them: the event's bytes signed with the
 * endpoint's secret by the SDK's own scheme (`stripe-signature`), at a given instant.
 */

/** The `stripe-signature` header of `payload`, signed with `secret` at `atMs` (now by default). */
export function webhookSignature(payload: string, secret: string, atMs = Date.now()): string {
  return Stripe.webhooks.generateTestHeaderString({
    payload,
    secret,
    timestamp: Math.floor(atMs / 1000),
  });
}

/** Posts `payload` to the app's webhook endpoint, signed with `secret` at `atMs`. */
export function postWebhook(
  app: Pick<App, "server">,
  payload: string,
  secret: string,
  atMs?: number,
) {
  return app.server.inject({
    method: "POST",
    url: "/api/v1/billing/webhook",
    headers: {
      "content-type": "application/json",
      "stripe-signature": webhookSignature(payload, secret, atMs),
    },
    payload,
  });
}

/** The built-in sandbox's webhook secret, as the app keeps it in its settings. */
export async function sandboxWebhookSecret(app: TestApp): Promise<string> {
  return (await app.services.settings.get(SANDBOX_SETTINGS.webhookSecret)) as string;
}
