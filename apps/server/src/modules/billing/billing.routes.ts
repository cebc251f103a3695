import { ZWebhookAck } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { error, errors, json, unparsedBody } from "../../http/openapi.js";
import type { WebhooksService } from "./webhooks.service.js";

/** A webhook body: Stripe's event envelope (documented; the signature check reads the bytes). */
const ZWebhookEnvelope = z.object({
  id: z.string(),
  type: z.string(),
  created: z.number(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** Stripe's events are small; a megabyte is far more than any of them needs. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * Mounted under /api/v1/billing, as its own encapsulated plugin: only this route reads JSON as
 * raw bytes, which the signature is computed over (a parsed and re-serialised body would not
 * verify). The payment provider calls it; it needs no session.
 */
export const billingWebhookRoutes: FastifyPluginAsync<{ webhooks: WebhooksService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    "/webhook",
    {
      schema: {
        summary: "Receive a payment provider's webhook event",
        description:
          "Stripe's (or the built-in sandbox's) signed event. The `Stripe-Signature` header is checked against the raw body (300 s tolerance); the subscription it concerns is read again from the provider and stored with the event id in one transaction, so a redelivery changes nothing. Events Sawdust does not act on are acknowledged and ignored.",
        tags: ["billing"],
        operationId: "receiveBillingWebhook",
        headers: z.object({ "stripe-signature": z.string().optional() }).loose(),
        consumes: ["application/json"],
        body: unparsedBody(ZWebhookEnvelope),
        response: {
          200: json(ZWebhookAck, "Received (applied, a duplicate, or ignored)"),
          400: error(
            "The signature is missing, wrong or stale, or the body is not an event: nothing changed",
          ),
          ...errors(403, 415),
          502: error(
            "The payment provider could not be reached, or refused the call, while the event was applied (payment_provider_error): nothing changed, and the provider delivers it again",
          ),
        },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers["stripe-signature"];
      return opts.webhooks.receive(body, typeof signature === "string" ? signature : undefined);
    },
  );
};
