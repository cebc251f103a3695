import { ZAuditPage, ZAuditQuery } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errors, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirstNoStore } from "../../http/request-auth.js";
import { viewerOf } from "../../http/viewer.js";
import type { AuditService } from "./audit.service.js";

/**
 * Mounted under /api/v1/admin/audit. Admins only, and read-only: no route edits or deletes an
 * entry.
 */
export const auditRoutes: FastifyPluginAsync<{ audit: AuditService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.addHook("preValidation", adminFirstNoStore);

  app.get(
    "/",
    {
      schema: {
        summary: "The audit log: every admin action (admins)",
        description:
          "Newest first, paged by `cursor`. `action` matches the start of the action (`user.` for every user change), `actor` the acting admin's username, `subject` the exact subject (`user:7`).",
        tags: ["admin"],
        operationId: "listAuditEntries",
        security: SIGNED_IN,
        querystring: ZAuditQuery,
        response: {
          200: json(ZAuditPage, "One page of entries"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request) => opts.audit.page(request.query, viewerOf(request)),
  );
};
