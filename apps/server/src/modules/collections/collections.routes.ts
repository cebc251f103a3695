import {
  ZCollectionAddImageBody,
  ZCollectionCreateBody,
  ZCollectionUpdateBody,
} from "@sawdust/shared";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireUser } from "../../http/request-auth.js";
import type { CollectionsService, CollectionsViewer } from "./collections.service.js";

const idOf = (what: string) =>
  z.coerce
    .number({ error: `The ${what} id must be a number` })
    .int(`The ${what} id must be a whole number`)
    .positive(`The ${what} id must be positive`)
    .max(2 ** 52, `The ${what} id is too large`);

export const ZCollectionParams = z.object({ id: idOf("collection") });
export const ZCollectionImageParams = z.object({ id: idOf("collection"), imageId: idOf("image") });

/** The signed-in member making this request; a visitor is refused (401). */
function memberOf(request: FastifyRequest): CollectionsViewer {
  const { user, tier } = requireUser(request);
  return { userId: user.id, role: user.role, tier };
}

/** Mounted under /api/v1/collections. Every call is the signed-in member's, on their own. */
export const collectionsRoutes: FastifyPluginAsync<{ collections: CollectionsService }> = async (
  base,
  opts,
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Signed-in first: a visitor hears 401 before anything about the request's shape.
  app.addHook("preValidation", async (request) => {
    requireUser(request);
  });

  app.get("/", async (request) => opts.collections.list(memberOf(request)));

  app.post("/", { schema: { body: ZCollectionCreateBody } }, async (request, reply) => {
    const collection = await opts.collections.create(request.body, memberOf(request));
    return reply.code(201).send(collection);
  });

  app.get("/:id", { schema: { params: ZCollectionParams } }, async (request) =>
    opts.collections.get(request.params.id, memberOf(request)),
  );

  app.patch(
    "/:id",
    { schema: { params: ZCollectionParams, body: ZCollectionUpdateBody } },
    async (request) => opts.collections.update(request.params.id, request.body, memberOf(request)),
  );

  app.delete("/:id", { schema: { params: ZCollectionParams } }, async (request) => {
    await opts.collections.delete(request.params.id, memberOf(request));
    return { ok: true };
  });

  // 201 when the image was added now, 200 when it was there already (nothing changes).
  app.post(
    "/:id/images",
    { schema: { params: ZCollectionParams, body: ZCollectionAddImageBody } },
    async (request, reply) => {
      const { collection, added } = await opts.collections.addImage(
        request.params.id,
        request.body.imageId,
        memberOf(request),
      );
      return reply.code(added ? 201 : 200).send(collection);
    },
  );

  // Removing an image that is not in the collection is no error: 200 with the collection.
  app.delete(
    "/:id/images/:imageId",
    { schema: { params: ZCollectionImageParams } },
    async (request) =>
      opts.collections.removeImage(request.params.id, request.params.imageId, memberOf(request)),
  );
};
