import {
  isAdmin,
  MESSAGES,
  ZRedirectUrl,
  ZSandboxCheckout,
  ZSandboxClock,
  ZSandboxClockBody,
  ZSandboxPayBody,
  ZSandboxPortal,
  ZSandboxPortalAction,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { requireUser } from "../../http/request-auth.js";
import { memberOf, viewerOf } from "../../http/viewer.js";
import { forbidden, notFound } from "../../lib/errors.js";
import type { SandboxProvider } from "./sandbox-provider.js";

const ZSessionParams = z.object({
  id: z
    .string()
    .max(100, "No such session")
    .regex(/^[A-Za-z0-9_]+$/, "No such session"),
});

const TAGS = ["billing"];
const SANDBOX_OFF = "The sandbox is off (this site takes payments through Stripe)";
const NO_SESSION = error(
  "No such session, or the sandbox is off (this site takes payments through Stripe)",
);
const NOT_YOURS = error("The session belongs to another member");

/**
 * Mounted under /api/v1/billing/sandbox: what the sandbox's own checkout and portal pages call,
 * and its clock. Only when the sandbox is the provider (404 with Stripe settings); a session only
 * for the member it was made for.
 */
export const sandboxRoutes: FastifyPluginAsync<{ sandbox: SandboxProvider | undefined }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const sandboxOf = () => {
    if (!opts.sandbox) throw notFound(MESSAGES.payments.sandboxOff, "sandbox_off");
    return opts.sandbox;
  };
  // Stripe mode first (404 for everyone), then signed-in (401) before the request's shape.
  app.addHook("onRequest", async () => {
    sandboxOf();
  });
  app.addHook("preValidation", async (request) => {
    requireUser(request);
  });

  app.get(
    "/checkout/:id",
    {
      schema: {
        summary: "A sandbox checkout (its page shows it)",
        tags: TAGS,
        operationId: "getSandboxCheckout",
        security: SIGNED_IN,
        params: ZSessionParams,
        response: {
          200: json(ZSandboxCheckout, "The plan, price and cycle, and where the page goes next"),
          ...errors(400, 401),
          403: NOT_YOURS,
          404: NO_SESSION,
        },
      },
    },
    async (request) => sandboxOf().checkout(request.params.id, memberOf(request)),
  );

  app.post(
    "/checkout/:id/pay",
    {
      schema: {
        summary: "Pay a sandbox checkout with a test card",
        description:
          "4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined (402, nothing is created); 4000 0000 0000 0341 pays today and is declined at the first renewal. The subscription's events are delivered to the webhook handler before this answers.",
        tags: TAGS,
        operationId: "paySandboxCheckout",
        security: SIGNED_IN,
        params: ZSessionParams,
        body: ZSandboxPayBody,
        response: {
          200: json(
            ZRedirectUrl,
            "Paid: the page goes to this address (the checkout's success URL)",
          ),
          ...errors(400, 401),
          402: error("The card was declined, or has expired"),
          403: NOT_YOURS,
          404: NO_SESSION,
          409: error("Already paid, or the member already has a live subscription"),
          410: error("The checkout expired (24 hours after it was made)"),
          ...errors(415),
        },
      },
    },
    async (request) => sandboxOf().pay(request.params.id, request.body, memberOf(request)),
  );

  app.get(
    "/portal/:id",
    {
      schema: {
        summary: "A sandbox billing portal session (its page shows it)",
        tags: TAGS,
        operationId: "getSandboxPortal",
        security: SIGNED_IN,
        params: ZSessionParams,
        response: {
          200: json(ZSandboxPortal, "The subscription, the card on file and the invoices"),
          ...errors(400, 401),
          403: NOT_YOURS,
          404: NO_SESSION,
          410: error("The session expired; open Manage Billing again"),
        },
      },
    },
    async (request) => sandboxOf().portal(request.params.id, memberOf(request)),
  );

  app.post(
    "/portal/:id",
    {
      schema: {
        summary: "Change the subscription from the sandbox billing portal",
        description:
          "`cancel` at period end (Pro until then), `resume`, `switch` cycle from the next period, or `update_card` (which pays an open invoice at once).",
        tags: TAGS,
        operationId: "actInSandboxPortal",
        security: SIGNED_IN,
        params: ZSessionParams,
        body: ZSandboxPortalAction,
        response: {
          200: json(ZSandboxPortal, "The portal after the change"),
          ...errors(400, 401),
          402: error("The new card was declined"),
          403: NOT_YOURS,
          404: NO_SESSION,
          409: error("There is no live subscription to change"),
          410: error("The session expired; open Manage Billing again"),
          ...errors(415),
        },
      },
    },
    async (request) => sandboxOf().portalAction(request.params.id, request.body, memberOf(request)),
  );

  app.post(
    "/clock",
    {
      // Admins first, with the clock's own words, before the body's shape.
      preValidation: async (request) => {
        if (!isAdmin(request.principal)) throw forbidden(MESSAGES.payments.adminOnlyClock);
      },
      schema: {
        summary: "Move the sandbox clock on (admins)",
        description:
          "The sandbox's time runs ahead of the server's by an offset; moving it on renews, fails renewals, ends cancelled subscriptions and expires checkouts that fell due meanwhile, in order, delivering their webhook events before it answers.",
        tags: TAGS,
        operationId: "advanceSandboxClock",
        security: SIGNED_IN,
        body: ZSandboxClockBody,
        response: {
          200: json(ZSandboxClock, "The sandbox's time now and what was delivered"),
          ...errors(400, 401, 403),
          404: error(SANDBOX_OFF),
          ...errors(415),
        },
      },
    },
    async (request) => sandboxOf().advanceClock(request.body.days, viewerOf(request)),
  );
};
