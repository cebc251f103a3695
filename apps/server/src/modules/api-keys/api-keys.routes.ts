import {
  ZApiKey,
  ZApiKeyCreateBody,
  ZApiKeyCreated,
  ZApiKeyList,
  ZApiKeyUpdateBody,
  zRowId,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { adminFirstNoStore } from "../../http/request-auth.js";
import { adminViewerOf } from "../../http/viewer.js";
import type { ApiKeysService } from "./api-keys.service.js";

export const ZApiKeyParams = z.object({
  id: zRowId("API key"),
});

const TAGS = ["api-keys"];
const NO_KEY = error("No such API key");

/** Mounted under /api/v1/api-keys. Admins only: partners' keys for the marketing API. */
export const apiKeysRoutes: FastifyPluginAsync<{ apiKeys: ApiKeysService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Admin first: anyone else hears 401 or 403 before anything about the request's shape. Key
  // lists and a new key's one showing are kept by no cache.
  app.addHook("preValidation", adminFirstNoStore);

  app.get(
    "/",
    {
      schema: {
        summary: "Every API key, with its use (admins)",
        description:
          "Never the keys themselves: each has a display (`sdk_ab…wxyz`). Revoked keys stay listed.",
        tags: TAGS,
        operationId: "listApiKeys",
        security: SIGNED_IN,
        response: {
          200: json(ZApiKeyList, "The keys, newest first, and where partners find the API"),
          ...errors(401, 403),
        },
      },
    },
    async (request) => opts.apiKeys.list(adminViewerOf(request)),
  );

  app.post(
    "/",
    {
      schema: {
        summary: "Create an API key (admins)",
        description:
          "The answer carries the key in `apiKey`: the only time it is shown. Only its SHA-256 is stored.",
        tags: TAGS,
        operationId: "createApiKey",
        security: SIGNED_IN,
        body: ZApiKeyCreateBody,
        response: {
          201: json(ZApiKeyCreated, "The new key, with the key itself this once"),
          ...errors(400, 401, 403, 415),
        },
      },
    },
    async (request, reply) => {
      const created = await opts.apiKeys.create(request.body, adminViewerOf(request));
      return reply.code(201).send(created);
    },
  );

  app.patch(
    "/:id",
    {
      schema: {
        summary: "Rename an API key or set its hourly limit (admins)",
        description: "Only the fields sent change. A new limit holds from the key's next request.",
        tags: TAGS,
        operationId: "updateApiKey",
        security: SIGNED_IN,
        params: ZApiKeyParams,
        body: ZApiKeyUpdateBody,
        response: {
          200: json(ZApiKey, "The key as it is now"),
          ...errors(400, 401, 403),
          404: NO_KEY,
          409: error("The key has been revoked"),
          ...errors(415),
        },
      },
    },
    async (request) => opts.apiKeys.update(request.params.id, request.body, adminViewerOf(request)),
  );

  app.delete(
    "/:id",
    {
      schema: {
        summary: "Revoke an API key (admins)",
        description:
          "Irreversible, and at once: every API process refuses the key from its next request. Revoking a revoked key changes nothing.",
        tags: TAGS,
        operationId: "revokeApiKey",
        security: SIGNED_IN,
        params: ZApiKeyParams,
        response: {
          200: json(ZApiKey, "The key, revoked"),
          ...errors(400, 401, 403),
          404: NO_KEY,
        },
      },
    },
    async (request) => opts.apiKeys.revoke(request.params.id, adminViewerOf(request)),
  );
};
