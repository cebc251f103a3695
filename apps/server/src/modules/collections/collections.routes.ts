import {
  ZCollection,
  ZCollectionAddImageBody,
  ZCollectionCreateBody,
  ZCollectionDetail,
  ZCollectionList,
  ZCollectionUpdateBody,
  ZOkResponse,
  zRowId,
} from "@sawdust/shared";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { error, errors, json, SIGNED_IN } from "../../http/openapi.js";
import { requireUser } from "../../http/request-auth.js";
import { memberOf } from "../../http/viewer.js";
import type { CollectionsService } from "./collections.service.js";

export const ZCollectionParams = z.object({ id: zRowId("collection") });
export const ZCollectionImageParams = z.object({
  id: zRowId("collection"),
  imageId: zRowId("image"),
});

const NO_COLLECTION = error("No such collection among the member's own");

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

  app.get(
    "/",
    {
      schema: {
        summary: "The member's collections",
        tags: ["collections"],
        operationId: "listCollections",
        security: SIGNED_IN,
        response: { 200: json(ZCollectionList, "The collections, newest first"), ...errors(401) },
      },
    },
    async (request) => opts.collections.list(memberOf(request)),
  );

  app.post(
    "/",
    {
      schema: {
        summary: "Create a collection",
        tags: ["collections"],
        operationId: "createCollection",
        security: SIGNED_IN,
        body: ZCollectionCreateBody,
        response: {
          201: json(ZCollection, "The new collection"),
          ...errors(400, 401),
          403: error("The free tier's collection limit is reached, or sent from another site"),
          ...errors(415),
        },
      },
    },
    async (request, reply) => {
      const collection = await opts.collections.create(request.body, memberOf(request));
      return reply.code(201).send(collection);
    },
  );

  app.get(
    "/:id",
    {
      schema: {
        summary: "A collection and its images",
        tags: ["collections"],
        operationId: "getCollection",
        security: SIGNED_IN,
        params: ZCollectionParams,
        response: {
          200: json(ZCollectionDetail, "The collection and its images, most recently added first"),
          ...errors(400, 401),
          404: NO_COLLECTION,
        },
      },
    },
    async (request) => opts.collections.get(request.params.id, memberOf(request)),
  );

  app.patch(
    "/:id",
    {
      schema: {
        summary: "Rename or describe a collection",
        description: "Only the fields sent change.",
        tags: ["collections"],
        operationId: "updateCollection",
        security: SIGNED_IN,
        params: ZCollectionParams,
        body: ZCollectionUpdateBody,
        response: {
          200: json(ZCollection, "The collection as saved"),
          ...errors(400, 401, 403),
          404: NO_COLLECTION,
          ...errors(415),
        },
      },
    },
    async (request) => opts.collections.update(request.params.id, request.body, memberOf(request)),
  );

  app.delete(
    "/:id",
    {
      schema: {
        summary: "Delete a collection",
        description: "The images stay in the catalogue; only the collection goes.",
        tags: ["collections"],
        operationId: "deleteCollection",
        security: SIGNED_IN,
        params: ZCollectionParams,
        response: {
          200: json(ZOkResponse, "Deleted"),
          ...errors(400, 401, 403),
          404: NO_COLLECTION,
        },
      },
    },
    async (request) => {
      await opts.collections.delete(request.params.id, memberOf(request));
      return { ok: true as const };
    },
  );

  // 201 when the image was added now, 200 when it was there already (nothing changes).
  app.post(
    "/:id/images",
    {
      schema: {
        summary: "Add an image to a collection",
        tags: ["collections"],
        operationId: "addImageToCollection",
        security: SIGNED_IN,
        params: ZCollectionParams,
        body: ZCollectionAddImageBody,
        response: {
          201: json(ZCollection, "Added: the collection as it is now"),
          200: json(ZCollection, "The image was in the collection already: nothing changed"),
          ...errors(400, 401, 403),
          404: error("No such collection among the member's own, or no such image"),
          409: error("The collection is full"),
          ...errors(415),
        },
      },
    },
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
    {
      schema: {
        summary: "Remove an image from a collection",
        description: "Removing an image that is not in the collection is no error.",
        tags: ["collections"],
        operationId: "removeImageFromCollection",
        security: SIGNED_IN,
        params: ZCollectionImageParams,
        response: {
          200: json(ZCollection, "The collection as it is now"),
          ...errors(400, 401, 403),
          404: NO_COLLECTION,
        },
      },
    },
    async (request) =>
      opts.collections.removeImage(request.params.id, request.params.imageId, memberOf(request)),
  );
};
