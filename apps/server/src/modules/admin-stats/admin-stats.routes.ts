import {
  ZAdminDashboard,
  ZAnalytics,
  ZAnalyticsCsvQuery,
  ZAnalyticsFigures,
  ZAnalyticsQuery,
  ZAnalyticsTop,
  ZRetriedJobs,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errors, file, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirstNoStore } from "../../http/request-auth.js";
import { adminViewerOf } from "../../http/viewer.js";
import type { AdminStatsService } from "./admin-stats.service.js";

const TAGS = ["analytics"];

/** Mounted under /api/v1/admin. Admins only: the dashboard's figures and status, and analytics. */
export const adminStatsRoutes: FastifyPluginAsync<{ adminStats: AdminStatsService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Admin first: anyone else hears 401 or 403 before anything about the request's shape. The
  // figures change all the time and are nobody else's: no cache keeps them.
  app.addHook("preValidation", adminFirstNoStore);

  app.get(
    "/dashboard",
    {
      schema: {
        summary: "The admin dashboard: totals, downloads by quality and system status (admins)",
        description:
          "Every figure is counted now. The status list checks each part for real: a database ping, a test file written to and read from the media storage, the job queue, the workers' heartbeats and the vision model (one request per 30 s at most).",
        tags: TAGS,
        operationId: "getAdminDashboard",
        security: SIGNED_IN,
        response: { 200: json(ZAdminDashboard, "The figures and the status"), ...errors(401, 403) },
      },
    },
    async () => opts.adminStats.dashboard(),
  );

  app.post(
    "/jobs/retry-failed",
    {
      schema: {
        summary: "Queue every job that failed for good again (admins)",
        description:
          "Jobs that used every attempt (emails not sent, pictures not analysed) are kept 7 days. Once their cause is fixed, this queues each of them again, due now and with all its attempts anew, in one statement (two admins at once retry each job once), audited as `jobs.retried` with the count by kind. Answers how many were queued; 0 when none had failed.",
        tags: TAGS,
        operationId: "retryFailedJobs",
        security: SIGNED_IN,
        response: {
          200: json(ZRetriedJobs, "How many jobs were queued again"),
          ...errors(401, 403),
        },
      },
    },
    async (request) => opts.adminStats.retryFailedJobs(adminViewerOf(request).userId),
  );

  app.get(
    "/analytics",
    {
      schema: {
        summary:
          "Views, downloads, bandwidth, sign-ups, subscriptions and revenue over time (admins)",
        description:
          "By UTC day for `7d` and `30d`, by UTC month for `12m`, the current day or month last; with the range's top images and tags.",
        tags: TAGS,
        operationId: "getAnalytics",
        security: SIGNED_IN,
        querystring: ZAnalyticsQuery,
        response: { 200: json(ZAnalytics, "Every series of the range"), ...errors(400, 401, 403) },
      },
    },
    async (request) => opts.adminStats.analytics(request.query.range),
  );

  app.get(
    "/analytics/figures",
    {
      schema: {
        summary: "The analytics' series alone (admins)",
        description:
          "What `/analytics` gives but its top images and tags: read from rows kept by day, so it answers in milliseconds whatever the site's history. The analytics page shows it first.",
        tags: TAGS,
        operationId: "getAnalyticsFigures",
        security: SIGNED_IN,
        querystring: ZAnalyticsQuery,
        response: {
          200: json(ZAnalyticsFigures, "Every series of the range"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => opts.adminStats.figures(request.query.range),
  );

  app.get(
    "/analytics/top",
    {
      schema: {
        summary: "The range's top images and tags alone (admins)",
        description:
          "What `/analytics` gives but its series. It adds up each image's views and downloads of the range: over a year of a busy site, seconds.",
        tags: TAGS,
        operationId: "getAnalyticsTop",
        security: SIGNED_IN,
        querystring: ZAnalyticsQuery,
        response: {
          200: json(ZAnalyticsTop, "The top images and tags of the range"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => opts.adminStats.top(request.query.range),
  );

  app.get(
    "/analytics.csv",
    {
      schema: {
        summary: "One analytics series as CSV (admins)",
        description:
          "A header row, then one row per day or month, oldest first; the first column is the ISO date the row begins.",
        tags: TAGS,
        operationId: "getAnalyticsCsv",
        security: SIGNED_IN,
        querystring: ZAnalyticsCsvQuery,
        response: { 200: file("text/csv", "The series as CSV"), ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { filename, body } = await opts.adminStats.csv(
        request.query.range,
        request.query.series,
      );
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .send(body);
    },
  );
};
