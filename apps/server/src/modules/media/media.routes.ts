import { type Principal, VISITOR, zRowId } from "@sawdust/shared";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errors, file, noBody } from "../../http/openapi.js";
import { memberOf } from "../../http/request-auth.js";
import { sendStored } from "../../http/send-stored.js";
import { notFound } from "../../lib/errors.js";
import type { Storage } from "../../media/storage/storage.js";
import type { AuthService } from "../auth/auth.service.js";
import { SESSION_COOKIE } from "../auth/session-token.js";
import { IMAGE_MESSAGES } from "../images/images.constants.js";
import type { RenditionsService } from "../images/renditions.service.js";

const ZPublicParams = z.object({
  id: zRowId("image"),
  file: z.string().regex(/^(thumb|small|medium|large)-[0-9a-f]{16}\.webp$/),
});

const ZSignedParams = z.object({
  id: zRowId("image"),
  size: z.string().max(16),
});
/** A link cut short or edited is told as a bad link, not by what the validator expected. */
const ZSignedQuery = z.object({
  exp: z.coerce
    .number({ error: IMAGE_MESSAGES.badSignature })
    .int({ error: IMAGE_MESSAGES.badSignature }),
  sig: z.string({ error: IMAGE_MESSAGES.badSignature }).max(100, IMAGE_MESSAGES.badSignature),
});

/**
 * How long a public rendition may be kept. Browsers keep it 10 minutes, shared caches (a CDN,
 * a proxy) 5: after an admin hides an image, the server refuses its files at once, and no shared
 * cache serves them more than 5 minutes longer (README, "Images").
 */
export const PUBLIC_RENDITION_CACHE = "public, max-age=600, s-maxage=300";
/** What an admin is sent of a hidden image's files: never kept by anyone. */
const PRIVATE_FILE_CACHE = "private, no-store";

/**
 * Media files. Display renditions have content-addressed names and are served while their image
 * is public (to admins always); pro sizes are reachable only with a signature that expires.
 */
export const mediaRoutes: FastifyPluginAsync<{
  renditions: RenditionsService;
  auth: AuthService;
  storage: Storage;
}> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  /** The principal behind the session cookie (media requests are not resolved up front). */
  const principalOf = async (request: FastifyRequest): Promise<Principal> => {
    const token = request.cookies[SESSION_COOKIE];
    const current = token ? await opts.auth.userForSession(token) : undefined;
    return current ? memberOf(current) : VISITOR;
  };

  /** Whether the files may go out, and how long they may be kept; 404 for anyone not allowed. */
  const access = async (request: FastifyRequest, id: number) => {
    let askedViewer = false;
    const allowed = await opts.renditions.mayServeFiles(id, () => {
      askedViewer = true;
      return principalOf(request);
    });
    if (!allowed) throw notFound("No such media file");
    return { hidden: askedViewer };
  };

  const fileResponses = {
    200: file("image/webp", "The picture"),
    206: file("image/webp", "The byte range asked for"),
    304: noBody("The file the client holds (If-None-Match) is current"),
  };

  app.get(
    "/images/:id/:file",
    {
      schema: {
        summary: "A display rendition (thumb, small, medium, large) of a public image",
        tags: ["media"],
        operationId: "getDisplayRendition",
        response: { ...fileResponses, ...errors(404, 416) },
      },
    },
    async (request, reply) => {
      const parsed = ZPublicParams.safeParse(request.params);
      if (!parsed.success) throw notFound("No such media file");
      const { hidden } = await access(request, parsed.data.id);
      const key = `public/images/${parsed.data.id}/${parsed.data.file}`;
      const bytes = await opts.storage.size(key);
      if (bytes === undefined) throw notFound("No such media file");
      // A public picture may be shown on other sites (partners' pages, newsletters: the marketing
      // API hands out these URLs); a hidden one's stays same-origin, as every other answer.
      if (!hidden) reply.header("cross-origin-resource-policy", "cross-origin");
      return sendStored(request, reply, opts.storage, {
        key,
        bytes,
        etag: `"${parsed.data.file.slice(-21, -5)}"`,
        cacheControl: hidden ? PRIVATE_FILE_CACHE : PUBLIC_RENDITION_CACHE,
      });
    },
  );

  app.get(
    "/signed/:id/:size",
    {
      schema: {
        summary: "A pro size behind a signed, expiring URL",
        tags: ["media"],
        operationId: "getSignedRendition",
        params: ZSignedParams,
        querystring: ZSignedQuery,
        response: { ...fileResponses, ...errors(400, 403, 404, 416) },
      },
    },
    async (request, reply) => {
      const { id, size } = request.params;
      opts.renditions.verifySignature(id, size, request.query.exp, request.query.sig);
      // A signature handed out before the image was hidden stops working with it.
      const { hidden } = await access(request, id);
      const rendition = await opts.renditions.openSigned(
        id,
        size,
        request.query.exp,
        request.query.sig,
      );
      const hash = rendition.storage_key.match(/-([0-9a-f]+)\.webp$/)?.[1] ?? "0";
      return sendStored(request, reply, opts.storage, {
        key: rendition.storage_key,
        bytes: rendition.bytes,
        etag: `"${hash}"`,
        cacheControl: hidden ? PRIVATE_FILE_CACHE : "private, max-age=600",
      });
    },
  );
};
