import type { Readable } from "node:stream";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import {
  ZApiError,
  ZAuthSuccess,
  ZCollection,
  ZCollectionDetail,
  ZCollectionEntry,
  ZExploreTags,
  ZHeroContent,
  ZImage,
  ZImageListResponse,
  ZLiveness,
  ZLoginResponse,
  ZMarketingImage,
  ZMarketingImagePage,
  ZOkResponse,
  ZReadiness,
  ZTagCount,
  ZTwoFactorChallenge,
  ZUploadResponse,
  ZUsage,
  ZUser,
  ZViewCount,
} from "@sawdust/shared";
import type { FastifyInstance, FastifySchema, HTTPMethods } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { SESSION_COOKIE } from "../modules/auth/session-token.js";

/** Where the OpenAPI document is served, and the page that reads it. */
export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PATH = "/api/docs";

/**
 * The shared schemas the document names as components (`#/components/schemas/<name>`): every
 * response that carries one, directly or nested, refers to it instead of repeating it.
 */
const COMPONENTS: Record<string, z.ZodType> = {
  ApiError: ZApiError,
  Ok: ZOkResponse,
  User: ZUser,
  AuthSuccess: ZAuthSuccess,
  LoginResponse: ZLoginResponse,
  TwoFactorChallenge: ZTwoFactorChallenge,
  Image: ZImage,
  ImageList: ZImageListResponse,
  UploadResult: ZUploadResponse,
  ViewCount: ZViewCount,
  Collection: ZCollection,
  CollectionEntry: ZCollectionEntry,
  CollectionDetail: ZCollectionDetail,
  TagCount: ZTagCount,
  ExploreTags: ZExploreTags,
  HeroContent: ZHeroContent,
  Usage: ZUsage,
  Liveness: ZLiveness,
  Readiness: ZReadiness,
  // The partner API's: a client generated from its document names them (round 60).
  MarketingImage: ZMarketingImage,
  MarketingImagePage: ZMarketingImagePage,
};
for (const [id, schema] of Object.entries(COMPONENTS)) {
  z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}

/** The routes the document describes: the API, media files and the health probes. */
const DOCUMENTED = /^\/(api|media)\/|^\/(healthz|readyz)$/;

/** The operation groups, in the order the docs page lists them. */
const TAGS = [
  { name: "auth", description: "Registration, sign-in and the signed-in member" },
  { name: "images", description: "The catalogue: listing, search, detail, upload and editing" },
  { name: "downloads", description: "Image files at their download sizes" },
  { name: "collections", description: "A member's own collections of images" },
  {
    name: "billing",
    description:
      "Pro subscriptions: checkout, the billing portal, webhooks, the sandbox and the admin lists",
  },
  { name: "explore", description: "Tags and the gallery's hero banner" },
  { name: "profile", description: "The member's artist profile and usage" },
  {
    name: "account",
    description: "The member's own account: email, password, sessions, data export and deletion",
  },
  { name: "media", description: "Display renditions and signed Pro-size files" },
  { name: "health", description: "Liveness and readiness probes" },
  { name: "api-keys", description: "Partners' keys for the marketing API (admins)" },
  {
    name: "editions",
    description: "Buying editions, a member's library, certificates, and the admin's sales",
  },
  {
    name: "analytics",
    description: "The admin dashboard's figures and system status, and analytics (admins)",
  },
  {
    name: "admin",
    description: "The admin console: users, site settings and the audit log (admins)",
  },
  {
    name: "marketing",
    description: "The partner API: the public catalogue for an API key (`Authorization: Bearer`)",
  },
];

/** The session a signed-in browser carries: routes that need one list it as their security. */
export const SIGNED_IN = [{ session: [] }] as const;

/** A partner's API key (`Authorization: Bearer sdk_…`): the marketing API's security. */
export const PARTNER_KEY = [{ partnerKey: [] }] as const;
export const PARTNER_KEY_SCHEME = {
  type: "http",
  scheme: "bearer",
  description:
    "An API key an administrator issued: `sdk_` and 36 letters and digits, the last six a checksum.",
} as const;

const ERROR_MEANINGS = {
  400: "The request is not valid: the message says what to fix",
  401: "Not signed in",
  403: "Not allowed, or sent from another site",
  404: "No such resource (or not one this viewer may see)",
  409: "Conflicts with what is stored",
  413: "The request body is larger than this route takes (ctp_body_too_large)",
  415: "This content type is not accepted here",
  416: "The requested byte range is outside the file",
  429: "Too many attempts: the Retry-After header says when to try again",
  502: "The payment provider could not be reached, or refused the call (payment_provider_error): try again shortly",
} as const;
type ErrorStatus = keyof typeof ERROR_MEANINGS;

/**
 * A save that may name the version it was made from (the ETag its GET answered): on another
 * version it is refused with 412 instead of undoing a save that came in between.
 */
export const IF_MATCH_HEADER = z
  .object({
    "if-match": z
      .string()
      .optional()
      .describe("The ETag of the version this save replaces; 412 when another one is stored now"),
  })
  .loose();

/** A JSON response: its shared schema and what it means. */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}

/** An error response (`{ message, code }`) that means something particular on this route. */
export function error(description: string) {
  return json(ZApiError, description);
}

/** Error responses with their usual meanings, by status. */
export function errors<S extends ErrorStatus>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [status, error(ERROR_MEANINGS[status])]),
  ) as Record<S, ReturnType<typeof error>>;
}

/** A file's bytes: a stream or a buffer, sent as they are (never serialised). */
const ZFileBody = z
  .custom<Buffer | Readable | string>(() => true)
  .meta({ type: "string", format: "binary" });

/** A file sent as it is stored: the schema documents it and checks nothing. */
export function file(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: ZFileBody } } };
}

/** A response with no body (204, 304). */
export function noBody(description: string) {
  return z.undefined().describe(description);
}

/**
 * A request body Fastify does not parse (a multipart form, read by the handler as a stream),
 * documented as `schema` but accepting whatever arrives: the handler checks it.
 */
export function unparsedBody(schema: z.ZodType) {
  const documented = z.toJSONSchema(schema, {
    io: "input",
    target: "draft-2020-12",
    unrepresentable: "any",
  });
  const { $schema: _ignored, ...rest } = documented;
  return z.unknown().meta(rest);
}

/** What a route declared, as Fastify was given it. */
export interface RegisteredRoute {
  method: HTTPMethods | HTTPMethods[];
  url: string;
  schema?: FastifySchema;
}
const catalogues = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Every route registered after `registerApiDocs`, with its schema (the contract's tests read it). */
export function registeredRoutes(server: FastifyInstance): readonly RegisteredRoute[] {
  return catalogues.get(server) ?? [];
}

/**
 * The OpenAPI 3.1 document made from the routes' declared schemas, served at /api/openapi.json
 * and read as a page at /api/docs. Registered before any route, so every route is seen. The page
 * serves its own scripts and styles (no CDN, no validator badge) and works under the app's
 * Content-Security-Policy as it is: external scripts only, inline styles allowed, data: images.
 */
export async function registerApiDocs(
  server: FastifyInstance,
  options: {
    /** Writes the response headers a module's answers carry into the document. */
    withHeaders?: <D extends object>(document: D) => D;
  } = {},
): Promise<void> {
  const routes: RegisteredRoute[] = [];
  catalogues.set(server, routes);
  server.addHook("onRoute", (route) => {
    if (DOCUMENTED.test(route.url)) route.schema = withBodyTooLarge(route.schema);
    routes.push({ method: route.method, url: route.url, schema: route.schema });
  });

  await server.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Sawdust API",
        version: "1",
        description:
          "The API the Sawdust web app calls. Errors are always `{ message, code }`: a 4xx status for the request, a 502 when the payment provider a route calls fails; a signed-in browser carries the session cookie.",
      },
      tags: [...TAGS],
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE },
          partnerKey: PARTNER_KEY_SCHEME,
        },
      },
    },
    // The API's routes only: the web app's pages and files are not part of the contract.
    transform: (route) =>
      DOCUMENTED.test(route.url)
        ? jsonSchemaTransform(route)
        : { schema: { hide: true }, url: route.url },
    transformObject: (document) => {
      const made = withRetryAfter(withUsedComponentsOnly(jsonSchemaTransformObject(document)));
      return options.withHeaders ? options.withHeaders(made) : made;
    },
  });

  server.withTypeProvider<ZodTypeProvider>().get(
    OPENAPI_PATH,
    {
      schema: {
        hide: true,
        response: { 200: json(z.looseObject({ openapi: z.string() }), "The OpenAPI document") },
      },
    },
    async () => server.swagger() as { openapi: string },
  );

  await server.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    theme: { title: "Sawdust API" },
    uiConfig: {
      validatorUrl: null,
      docExpansion: "list",
      defaultModelsExpandDepth: 0,
      deepLinking: true,
    },
  });
}

/**
 * Every route that takes a body answers 413 for one over its limit (Fastify's, before any handler
 * runs): declared here once, for each such route that does not say more about its own limit.
 */
function withBodyTooLarge(schema: FastifySchema | undefined): FastifySchema | undefined {
  const response = schema?.response as Record<string, unknown> | undefined;
  if (schema?.body === undefined || !response || response[413] !== undefined) return schema;
  return { ...schema, response: { ...response, ...errors(413) } };
}

type Document = ReturnType<typeof jsonSchemaTransformObject>;

/** Every 429 says when to try again (the limits' rows, the quota, the partner's hour). */
const RETRY_AFTER_HEADER = {
  description: "Seconds until a request may succeed again",
  schema: { type: "integer" },
} as const;

/** `Retry-After` on every 429 of the document. */
function withRetryAfter<D extends object>(document: D): D {
  const { paths = {}, components = {} } = document as {
    paths?: Record<string, Record<string, { responses?: Record<string, Record<string, unknown>> }>>;
    components?: Record<string, unknown>;
  };
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const tooMany = operation.responses?.["429"];
      if (tooMany) {
        tooMany.headers = {
          ...(tooMany.headers as object | undefined),
          "Retry-After": { $ref: "#/components/headers/Retry-After" },
        };
      }
    }
  }
  const headers = {
    ...(components.headers as object | undefined),
    "Retry-After": RETRY_AFTER_HEADER,
  };
  return { ...document, components: { ...components, headers } };
}

/**
 * Drops the components nothing refers to: every registered schema yields an input and an output
 * variant, and only one of them (the output, for responses) is used. (The marketing API's own
 * document, a part of this one, drops what its part does not use.)
 */
export function withUsedComponentsOnly<D extends object = Document>(document: D): D {
  const { paths, components = {} } = document as {
    paths?: unknown;
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = components.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) => {
    const text = JSON.stringify(value) ?? "";
    for (const match of text.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      const name = match[1] as string;
      if (used.has(name)) continue;
      used.add(name);
      visit(schemas[name]);
    }
  };
  visit(paths);
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } } as D;
}
