import {
  MESSAGES,
  PARTNER_API,
  type Partner,
  ZMarketingImage,
  ZMarketingImageDetailQuery,
  ZMarketingImagePage,
  ZMarketingImageParams,
  ZMarketingImageQuery,
  ZMarketingTagList,
  ZMarketingTagsQuery,
} from "@sawdust/shared";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { error, errors, file, json, PARTNER_KEY } from "../../http/openapi.js";
import { rememberQueryVerdicts } from "../../http/remembered-query.js";
import { notFound, tooManyRequests } from "../../lib/errors.js";
import { API_KEY_MESSAGES } from "../api-keys/api-keys.constants.js";
import { type ApiKeysService, apiKeyRefused } from "../api-keys/api-keys.service.js";
import type { MarketingService } from "./marketing.service.js";
import {
  docsPageHtml,
  docsPageScript,
  type OpenApiDocument,
  partnerDocument,
} from "./marketing-docs.js";
import { rateLimitHeaders } from "./rate-limit-headers.js";

export interface MarketingRoutesOptions {
  marketing: MarketingService;
  apiKeys: ApiKeysService;
  /** The site's origin as users see it (PUBLIC_URL): the document's server and curl example. */
  publicUrl: string;
  /**
   * PUBLIC_URL was set. Unset, the document's server is relative (`/`): the docs page's "Try it
   * out" then calls the address the page was opened at, as its Content-Security-Policy
   * (`connect-src 'self'`) requires, whichever of the server's addresses that is (round 58).
   */
  publicUrlGiven: boolean;
}

const TAGS = ["marketing"];
const KEYED = { security: PARTNER_KEY } as const;
/** What any request may be answered before a route reads it (the document's too). */
const REQUEST_ERRORS = {
  405: error(
    "A method other than GET and HEAD, a CORS preflight (OPTIONS) among them (`method_not_allowed`): Allow names GET, HEAD",
  ),
  431: error(
    "The address and headers are over 16 kB together (`request_too_large`): send fewer or shorter parameters",
  ),
};
/** What every keyed operation may answer besides its success. */
const KEY_ERRORS = {
  401: error(
    "No API key (`missing_api_key`), one that is malformed, unknown or revoked or has more after it in the header (`invalid_api_key`), or two Authorization headers, whatever keys they hold (`ambiguous_api_key`). WWW-Authenticate names the scheme.",
  ),
  429: error("The key's requests for this hour are used up: Retry-After says when to try again"),
  503: error(
    "The database is out of reach or too busy (`service_unavailable`): Retry-After says when to try again",
  ),
  ...REQUEST_ERRORS,
};

/**
 * The partner's key from `Authorization: Bearer <key>`; undefined for any other scheme. A key
 * with more after it (`Bearer <key> extra`) is refused as sent, not as missing.
 */
function bearerKeyOf(request: FastifyRequest): string | undefined {
  // Node keeps the first of repeated Authorization headers and drops the rest: a proxy or a log
  // reading the last would name another key than the one counted.
  const { rawHeaders } = request.raw;
  let headers = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (rawHeaders[i]?.toLowerCase() === "authorization") headers += 1;
  }
  if (headers > 1) throw apiKeyRefused(API_KEY_MESSAGES.twoKeys, "ambiguous_api_key");
  const match = /^Bearer[ \t]+(\S+)[ \t]*(\S.*)?$/i.exec(request.headers.authorization ?? "");
  if (match?.[2] !== undefined) throw apiKeyRefused(MESSAGES.apiKeys.moreThanKey);
  return match?.[1];
}

/** Sends JSON that is already text (a kept page): the schema's serialiser does not run again. */
function sendJsonText(reply: FastifyReply, text: string) {
  return reply.type("application/json; charset=utf-8").send(text as never);
}

/**
 * Mounted under /api/v1/marketing: the partner API. Its document is public; everything else is
 * for an API key only (a session cookie is not a key, and a key opens nothing else): each request
 * is admitted, counted against its key's hour and told where the key stands, before anything else
 * about it is read.
 */
export const marketingRoutes: FastifyPluginAsync<MarketingRoutesOptions> = async (base, opts) => {
  let document: OpenApiDocument | undefined;
  base.withTypeProvider<ZodTypeProvider>().get(
    "/docs",
    {
      schema: {
        summary: "This API's OpenAPI 3.1 document",
        description: "Public: no key needed. Read as a page at /api/docs/marketing.",
        tags: TAGS,
        operationId: "getMarketingDocs",
        response: {
          200: json(z.looseObject({ openapi: z.string() }), "The marketing API's OpenAPI document"),
          ...REQUEST_ERRORS,
        },
      },
    },
    async () => {
      document ??= partnerDocument(base.swagger() as OpenApiDocument, opts.publicUrl, {
        server: opts.publicUrlGiven ? opts.publicUrl : "/",
      });
      return document;
    },
  );

  await base.register(async (keyed) => {
    const app = keyed.withTypeProvider<ZodTypeProvider>();
    app.addHook("onRequest", async (request, reply) => {
      reply.header("cache-control", "no-store");
      const admitted = await opts.apiKeys.admit(bearerKeyOf(request));
      reply.headers(rateLimitHeaders(admitted.window));
      if (!admitted.allowed) {
        throw tooManyRequests(
          API_KEY_MESSAGES.rateLimited(admitted.window.limit),
          admitted.window.resetsInSeconds,
        );
      }
      // The key's partner, whatever session cookie came along.
      request.auth = null;
      request.principal = admitted.partner;
    });
    const partnerOf = (request: FastifyRequest) => request.principal as Partner;

    app.get(
      "/images",
      {
        // Partners poll the same pages: a query string seen before is not parsed again.
        validatorCompiler: rememberQueryVerdicts,
        schema: {
          summary: "A page of public images, with filters",
          description:
            "Newest first, or most downloaded first. Pass `next_cursor` back as `cursor` for the next page.",
          tags: TAGS,
          operationId: "listMarketingImages",
          ...KEYED,
          querystring: ZMarketingImageQuery,
          response: {
            200: json(ZMarketingImagePage, "One page, and the cursor of the next"),
            ...errors(400),
            ...KEY_ERRORS,
          },
        },
      },
      async (request, reply) =>
        sendJsonText(
          reply,
          await opts.marketing.listPage(request.query, partnerOf(request), request.url),
        ),
    );

    app.get(
      "/images/:id",
      {
        // `/images/` matches this route with an empty id: it names no image, and saying the id
        // is not a number would send the partner looking for one.
        preValidation: async (request) => {
          // Before validation the id is still the path's text.
          if ((request.params as Record<string, unknown>).id === "") {
            const path = request.url.split("?")[0] ?? "";
            throw notFound(MESSAGES.apiKeys.noImageId(path, `${PARTNER_API.basePath}/images`));
          }
        },
        schema: {
          summary: "One public image",
          tags: TAGS,
          operationId: "getMarketingImage",
          ...KEYED,
          params: ZMarketingImageParams,
          querystring: ZMarketingImageDetailQuery,
          response: {
            200: json(ZMarketingImage, "The image"),
            ...errors(400),
            404: error("No such image among the public ones"),
            ...KEY_ERRORS,
          },
        },
      },
      async (request) => opts.marketing.get(request.params.id, partnerOf(request)),
    );

    app.get(
      "/tags",
      {
        schema: {
          summary: "Every tag of the public catalogue, with its count",
          tags: TAGS,
          operationId: "listMarketingTags",
          ...KEYED,
          querystring: ZMarketingTagsQuery,
          response: {
            200: json(ZMarketingTagList, "Tags, most used first"),
            ...errors(400),
            ...KEY_ERRORS,
          },
        },
      },
      async (_request, reply) => sendJsonText(reply, await opts.marketing.tagsText()),
    );
  });
};

/**
 * Mounted at /api/docs/marketing: the marketing document as a page (Swagger UI from the files the
 * site's own docs page serves), so a partner reads it with nothing fetched from elsewhere.
 */
export const marketingDocsPageRoutes: FastifyPluginAsync = async (app) => {
  const html = docsPageHtml();
  const script = docsPageScript();
  app.get(
    "/",
    {
      schema: {
        hide: true,
        response: { 200: file("text/html", "The marketing API's documentation page") },
      },
    },
    async (_request, reply) => reply.type("text/html; charset=utf-8").send(html),
  );
  app.get(
    "/initializer.js",
    {
      schema: {
        hide: true,
        response: { 200: file("application/javascript", "Starts the documentation page") },
      },
    },
    async (_request, reply) => reply.type("application/javascript; charset=utf-8").send(script),
  );
};
