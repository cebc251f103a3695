import {
  ZAdminSubscribersQuery,
  ZAdminSubscriptionList,
  ZAdminSubscriptionsQuery,
  ZCreateSubscriptionBody,
  ZCurrentSubscription,
  ZRedirectUrl,
  ZSubscriberList,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { requireAdmin, requireUser } from "../../http/request-auth.js";
import { memberOf, viewerOf } from "../../http/viewer.js";
import type { SubscriptionsService } from "./subscriptions.service.js";

const TAGS = ["billing"];

/** 401 before anything about the request's shape, as the collections routes do. */
const signedInFirst = async (request: Parameters<typeof requireUser>[0]) => {
  requireUser(request);
};
const adminFirst = async (request: Parameters<typeof requireAdmin>[0]) => {
  requireAdmin(request);
};

/** Mounted under /api/v1: the member's subscription calls and the admin lists. */
export const subscriptionsRoutes: FastifyPluginAsync<{
  subscriptions: SubscriptionsService;
}> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/subscriptions/create",
    {
      preValidation: signedInFirst,
      schema: {
        summary: "Start a Pro checkout",
        description:
          "Returns the payment provider's checkout address (Stripe Checkout, or the built-in sandbox's page). The member's customer at the provider is made on their first checkout and kept.",
        tags: TAGS,
        operationId: "createSubscription",
        security: SIGNED_IN,
        body: ZCreateSubscriptionBody,
        response: {
          200: json(ZRedirectUrl, "The checkout address: open it in a new tab"),
          ...errors(400, 401, 403),
          409: error("The member already has a subscription that carries Pro"),
          ...errors(415, 502),
        },
      },
    },
    async (request) =>
      opts.subscriptions.startCheckout(memberOf(request), request.body.billingCycle),
  );

  app.get(
    "/subscriptions/current",
    {
      schema: {
        summary: "The member's tier and subscription",
        tags: TAGS,
        operationId: "getCurrentSubscription",
        security: SIGNED_IN,
        response: {
          200: json(ZCurrentSubscription, "The tier now and the subscription behind it"),
          ...errors(401),
        },
      },
    },
    async (request) => opts.subscriptions.current(memberOf(request)),
  );

  app.post(
    "/subscriptions/portal",
    {
      preValidation: signedInFirst,
      schema: {
        summary: "Open the billing portal (Manage Billing)",
        tags: TAGS,
        operationId: "openBillingPortal",
        security: SIGNED_IN,
        response: {
          200: json(ZRedirectUrl, "The billing portal's address"),
          ...errors(401, 403),
          404: error("The member has no billing account yet (they never started a checkout)"),
          409: error(
            "The member's billing account is with a payment provider the site no longer uses (the sandbox, before Stripe)",
          ),
          ...errors(502),
        },
      },
    },
    async (request) => opts.subscriptions.openPortal(memberOf(request)),
  );

  app.get(
    "/admin/subscriptions",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Every subscription, with the totals (admins)",
        description:
          "Newest first, paged by `cursor`, searchable by username or email (`q`). Monthly Revenue is what the active Pro subscriptions bill at their real prices, a yearly one as a twelfth.",
        tags: TAGS,
        operationId: "listSubscriptions",
        security: SIGNED_IN,
        querystring: ZAdminSubscriptionsQuery,
        response: {
          200: json(ZAdminSubscriptionList, "One page, and the figures over every subscription"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => opts.subscriptions.adminSubscriptions(request.query, viewerOf(request)),
  );

  app.get(
    "/admin/subscribers",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Members with their plan and downloads this month (admins)",
        description: "Newest first, paged by `cursor`, searchable by username or email (`q`).",
        tags: TAGS,
        operationId: "listSubscribers",
        security: SIGNED_IN,
        querystring: ZAdminSubscribersQuery,
        response: {
          200: json(ZSubscriberList, "One page, and how many members match"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => opts.subscriptions.subscribers(request.query, viewerOf(request)),
  );
};
