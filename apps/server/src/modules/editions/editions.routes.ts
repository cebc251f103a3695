import {
  ZAdminSales,
  ZAdminSalesQuery,
  ZCertificate,
  ZCertificateParams,
  ZCollectorPrivacy,
  ZLibrary,
  ZLicencePricesBody,
  ZOkResponse,
  ZPurchaseBody,
  ZPurchaseOutcome,
  ZPurchaseParams,
  ZRedirectUrl,
  zRowId,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { error, errors, file, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirst, requireUser } from "../../http/request-auth.js";
import { adminViewerOf, memberOf, viewerOf } from "../../http/viewer.js";
import { ZImageParams } from "../images/images.routes.js";
import { certificatePdf } from "./certificate-pdf.js";
import type { EditionsService } from "./editions.service.js";

const TAGS = ["editions"];
const ZSaleParams = z.object({
  id: zRowId("sale"),
});
const NO_CERTIFICATE = error("No certificate with this id was issued: not a genuine certificate");
const REVOKED = error("The certificate was revoked: its sale was refunded");

/** Mounted under /api/v1: buying editions, a member's library, certificates, the admin's sales. */
export const editionsRoutes: FastifyPluginAsync<{ editions: EditionsService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const membersFirst = async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
  };

  app.post(
    "/images/:id/purchase",
    {
      preValidation: membersFirst,
      schema: {
        summary: "Buy an edition of a piece under a licence (members)",
        description:
          "Holds an edition for 30 minutes and answers the checkout's address. The sale is recorded, numbered, when the payment provider confirms the payment; a payment that arrives after the hold lapsed and the piece sold out is refunded.",
        tags: TAGS,
        operationId: "purchaseEdition",
        security: SIGNED_IN,
        params: ZImageParams,
        body: ZPurchaseBody,
        response: {
          200: json(ZRedirectUrl, "The checkout to open"),
          ...errors(400, 401),
          403: error(
            "The member has not confirmed their email address yet (email_unverified), or the request came from another site (foreign_origin)",
          ),
          ...errors(404),
          409: error(
            "Not for sale (Sawdust Gallery), sold out, a 1/1 the member owns already (already_owned), every edition left is held, or the price is no longer `expectedCents` (price_changed)",
          ),
          ...errors(415),
          502: error(
            "The payment provider could not be reached, or refused the call (payment_provider_error): no edition is held; try again shortly",
          ),
        },
      },
    },
    async (request) =>
      opts.editions.purchase(
        request.params.id,
        request.body.licence,
        memberOf(request),
        request.body.expectedCents,
      ),
  );

  app.get(
    "/library",
    {
      schema: {
        summary: "The editions the member owns",
        tags: TAGS,
        operationId: "getLibrary",
        security: SIGNED_IN,
        response: { 200: json(ZLibrary, "Owned editions, newest first"), ...errors(401) },
      },
    },
    async (request) => opts.editions.library(memberOf(request)),
  );

  app.get(
    "/library/purchases/:checkoutId",
    {
      preValidation: membersFirst,
      schema: {
        summary: "How the member's checkout for an edition ended",
        description:
          "The page a buyer returns to after paying asks this: pending until the payment is confirmed, then sold (with the edition's number), declined (the payment arrived after the last edition was taken, or the piece was withdrawn, and was refunded) or refunded (sold, then refunded); expired when the checkout ended unpaid (a newer checkout for the piece replaced it, or its time ran out): nothing was charged.",
        tags: TAGS,
        operationId: "getPurchase",
        security: SIGNED_IN,
        params: ZPurchaseParams,
        response: {
          200: json(ZPurchaseOutcome, "The purchase's outcome"),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => opts.editions.purchaseOutcome(memberOf(request), request.params.checkoutId),
  );

  app.get(
    "/account/collecting",
    {
      preValidation: membersFirst,
      schema: {
        summary: "Whether the member's name shows on what they collect",
        tags: TAGS,
        operationId: "getCollectorPrivacy",
        security: SIGNED_IN,
        response: { 200: json(ZCollectorPrivacy, "The member's choice"), ...errors(401) },
      },
    },
    async (request) => opts.editions.collectorPrivacy(memberOf(request)),
  );

  app.put(
    "/account/collecting",
    {
      preValidation: membersFirst,
      schema: {
        summary: "Collect with or without being named",
        description:
          "collectsPrivately true: the member's sold 1/1s read 'collected privately' and their certificates name no one to anyone but them and admins.",
        tags: TAGS,
        operationId: "setCollectorPrivacy",
        security: SIGNED_IN,
        body: ZCollectorPrivacy,
        response: { 200: json(ZCollectorPrivacy, "Saved"), ...errors(400, 401, 403, 415) },
      },
    },
    async (request) => opts.editions.setCollectorPrivacy(memberOf(request), request.body),
  );

  app.get(
    "/certificates/:id",
    {
      schema: {
        summary: "Verify a certificate of authenticity (anyone)",
        tags: TAGS,
        operationId: "getCertificate",
        params: ZCertificateParams,
        response: {
          200: json(
            ZCertificate,
            "A genuine certificate that stands; its buyer is named to others only if they agreed",
          ),
          ...errors(400),
          404: NO_CERTIFICATE,
          410: REVOKED,
        },
      },
    },
    async (request, reply) => {
      // The buyer's name depends on who asks (their own, or a private collector's to others).
      reply.header("cache-control", "private, no-cache");
      return opts.editions.certificate(request.params.id, viewerOf(request));
    },
  );

  app.get(
    "/certificates/:id/pdf",
    {
      schema: {
        summary: "A certificate of authenticity as a PDF (anyone)",
        tags: TAGS,
        operationId: "getCertificatePdf",
        params: ZCertificateParams,
        response: {
          200: file("application/pdf", "The certificate, one A4 page"),
          ...errors(400),
          404: NO_CERTIFICATE,
          410: REVOKED,
        },
      },
    },
    async (request, reply) => {
      const { certificate, siteName } = await opts.editions.certificateToPrint(
        request.params.id,
        viewerOf(request),
      );
      const bytes = await certificatePdf(certificate, { siteName });
      return reply
        .type("application/pdf")
        .header("cache-control", "private, no-cache")
        .header(
          "content-disposition",
          `inline; filename="sawdust-certificate-${certificate.id}.pdf"`,
        )
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    "/admin/sales",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Every edition sale, with refunds and revenue (admins)",
        description:
          "Newest first, paged by `cursor`; `status` filters, `q` searches the piece's title and the buyer's username. The revenue figures are of every sale, whatever the filters.",
        tags: TAGS,
        operationId: "listEditionSales",
        security: SIGNED_IN,
        querystring: ZAdminSalesQuery,
        response: { 200: json(ZAdminSales, "Sales, newest first"), ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      adminViewerOf(request);
      return opts.editions.adminSales(request.query);
    },
  );

  app.post(
    "/admin/sales/:id/refund",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Refund a sale: ownership and certificate revoked (admins)",
        tags: TAGS,
        operationId: "refundEditionSale",
        security: SIGNED_IN,
        params: ZSaleParams,
        response: {
          200: json(ZOkResponse, "Refunded"),
          ...errors(400, 401, 403, 404),
          409: error(
            "Already refunded, or paid through a payment provider the site no longer uses (the sandbox, before Stripe)",
          ),
          502: error(
            "The payment provider could not be reached, or refused the refund (payment_provider_error): the sale is unchanged; try again shortly",
          ),
        },
      },
    },
    async (request) => opts.editions.refundSale(request.params.id, adminViewerOf(request)),
  );

  app.put(
    "/admin/images/:id/licence-prices",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Set a piece's licence prices (admins)",
        description: "Cents; null goes back to the site's default for that licence.",
        tags: TAGS,
        operationId: "setLicencePrices",
        security: SIGNED_IN,
        params: ZImageParams,
        body: ZLicencePricesBody,
        response: {
          200: json(ZOkResponse, "Saved"),
          ...errors(400, 401, 403, 404, 415),
        },
      },
    },
    async (request) =>
      opts.editions.setLicencePrices(request.params.id, request.body, adminViewerOf(request)),
  );
};
