import {
  ZImageReport,
  ZImageReportBody,
  ZModerationDecisionBody,
  ZModerationDecisionResult,
  ZModerationQueue,
  ZModerationQueueQuery,
  zRowId,
} from "@sawdust/shared";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirstNoStore, requireUser } from "../../http/request-auth.js";
import { adminViewerOf, memberOf } from "../../http/viewer.js";
import type { ModerationService } from "./moderation.service.js";

const ZImageParams = z.object({
  id: zRowId("image"),
});

// The documented groups are fixed (http/openapi.ts): the queue is about images.
const TAGS = ["images"];

/**
 * Mounted under /api/v1. Members report an image (`/images/{id}/reports`); admins read the
 * moderation queue and decide (`/admin/moderation`).
 */
export const moderationRoutes: FastifyPluginAsync<{ moderation: ModerationService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Who may call comes first: anyone else hears 401 or 403 before anything about the request.
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request);
  };

  app.post(
    "/images/:id/reports",
    {
      preValidation: signedIn,
      schema: {
        summary: "Report an image to the admins (members)",
        description:
          "Once per member and image: a second report is a 409, however many arrive at once. The image goes to the moderation queue as 'reported' unless it waits there already; it stays as visible as it was until an admin decides.",
        tags: TAGS,
        operationId: "reportImage",
        security: SIGNED_IN,
        params: ZImageParams,
        body: ZImageReportBody,
        response: {
          201: json(ZImageReport, "The report, as stored"),
          ...errors(400, 401, 403),
          404: error("No such image (or not one this member may see)"),
          409: error("This member has reported this image already"),
          ...errors(415),
        },
      },
    },
    async (request, reply) => {
      const report = await opts.moderation.report(
        request.params.id,
        request.body,
        memberOf(request),
      );
      return reply.code(201).send(report);
    },
  );

  app.get(
    "/admin/moderation",
    {
      preValidation: adminFirstNoStore,
      schema: {
        summary: "The moderation queue (admins)",
        description:
          "Images the content rater flagged or could not rate, and images members reported, newest first, with each one's open reports by reason and the newest notes. Page with `cursor` (the previous page's `nextCursor`).",
        tags: TAGS,
        operationId: "getModerationQueue",
        security: SIGNED_IN,
        querystring: ZModerationQueueQuery,
        response: {
          200: json(ZModerationQueue, "A page of the queue and the queue's sizes"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => opts.moderation.queue(request.query, adminViewerOf(request)),
  );

  app.post(
    "/admin/moderation/decisions",
    {
      preValidation: adminFirstNoStore,
      schema: {
        summary: "Approve, keep private or delete queued images (admins)",
        description:
          "approve publishes the image and takes it out of the queue; keep_private makes or keeps it private and takes it out; both resolve its open reports. delete removes the image for good. Images are decided in turn and each one's outcome is reported; one no longer in the queue is skipped.",
        tags: TAGS,
        operationId: "decideModeration",
        security: SIGNED_IN,
        body: ZModerationDecisionBody,
        response: {
          200: json(ZModerationDecisionResult, "Each image's outcome"),
          ...errors(400, 401, 403, 415),
        },
      },
    },
    async (request) =>
      opts.moderation.decide(request.body.imageIds, request.body.decision, adminViewerOf(request)),
  );
};
