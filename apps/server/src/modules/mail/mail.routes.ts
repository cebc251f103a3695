import { ZMailOutbox, ZMailOutboxQuery } from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { errors, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirst, requireAdmin } from "../../http/request-auth.js";
import type { MailService } from "./mail.service.js";

/** Mounted under /api/v1/admin: the outbox of mail kept when no SMTP_URL is configured. */
export const mailOutboxRoutes: FastifyPluginAsync<{ mail: MailService }> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/mail-outbox",
    {
      preValidation: adminFirst,
      schema: {
        summary: "Mail kept instead of sent (admins)",
        description:
          "Without SMTP_URL every message the site would send (confirmation links, password resets, notices) is kept here for 30 days, newest first. Each reading is written to the audit log (mail.outbox_read).",
        tags: ["admin"],
        operationId: "listMailOutbox",
        security: SIGNED_IN,
        querystring: ZMailOutboxQuery,
        response: {
          200: json(ZMailOutbox, "The kept messages, newest first"),
          ...errors(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return opts.mail.outbox(request.query, requireAdmin(request).user.id);
    },
  );
};
