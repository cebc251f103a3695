import { PAGING, PARTNER_API } from "@sawdust/shared";
import { DOCS_PATH, PARTNER_KEY_SCHEME, withUsedComponentsOnly } from "../../http/openapi.js";
import { BEARER_CHALLENGE } from "../api-keys/api-keys.constants.js";

/** An OpenAPI document, as far as this module reads and writes one. */
export interface OpenApiDocument {
  openapi: string;
  info?: Record<string, unknown>;
  paths?: Record<string, Record<string, { security?: unknown; responses?: Responses }>>;
  components?: Record<string, unknown> & { schemas?: Record<string, unknown> };
  [key: string]: unknown;
}
type Responses = Record<string, { headers?: Record<string, unknown> } & Record<string, unknown>>;

/** The headers of every answer to a keyed request, as components the responses refer to. */
const RATE_LIMIT_HEADERS = {
  "X-RateLimit-Limit": {
    description: "Requests the key may make in this clock hour (UTC)",
    schema: { type: "integer" },
  },
  "X-RateLimit-Remaining": {
    description: "Requests left in this hour, this one counted",
    schema: { type: "integer" },
  },
  "X-RateLimit-Reset": {
    description: "When the hour ends and the count starts again, in seconds since the epoch",
    schema: { type: "integer" },
  },
  "RateLimit-Policy": {
    description: 'The same limit as the IETF draft states it: `"hourly";q=1000;w=3600`',
    schema: { type: "string" },
  },
  RateLimit: {
    description: 'Requests left and seconds to the reset (IETF draft): `"hourly";r=998;t=1534`',
    schema: { type: "string" },
  },
} as const;

/** What a 429 adds to them: when to try again. */
const RETRY_AFTER = {
  "Retry-After": {
    description: "Seconds until the hour ends and the key may make requests again",
    schema: { type: "integer" },
  },
} as const;

function description(origin: string): string {
  const base = `${origin}${PARTNER_API.basePath}`;
  return [
    "Sawdust's public catalogue for partners (print shops, marketing tools, newsletters): published, ready images with their title, description, tags, styles, colours, edition, price and display URLs, and every tag. Hidden, flagged and unfinished images never appear.",
    "",
    "## Your key",
    "",
    "Every call except this document takes an API key an administrator issued you, in the `Authorization` header:",
    "",
    "```sh",
    `curl -H "Authorization: Bearer $SAWDUST_API_KEY" \\`,
    `  "${base}/images?limit=5&sort=most_downloaded"`,
    "```",
    "",
    `A key is \`${PARTNER_API.keyPrefix}\` followed by 36 letters and digits, the last six a checksum of the rest (so a secret scanner can recognise a leaked one). A missing, mistyped, unknown or revoked key gets 401; a signed-in browser's session is not a key.`,
    "",
    "## Rate limits",
    "",
    `A key may make ${PARTNER_API.defaultRequestsPerHour.toLocaleString("en-US")} requests each clock hour (UTC), unless its administrator set another limit. Every answer to a request with a valid key says where the key stands:`,
    "",
    "- `X-RateLimit-Limit`: the key's requests an hour;",
    "- `X-RateLimit-Remaining`: what is left of this hour, this request counted;",
    "- `X-RateLimit-Reset`: when the hour ends, in seconds since the epoch;",
    '- `RateLimit-Policy` and `RateLimit`: the same in the IETF draft\'s fields (`"hourly";q=1000;w=3600` and `"hourly";r=998;t=1534`).',
    "",
    "Over the limit the answer is 429, with `Retry-After` in seconds.",
    "",
    "## Paging and filters",
    "",
    `\`GET ${PARTNER_API.basePath}/images\` answers up to \`limit\` images (default ${PAGING.defaultLimit}, at most ${PAGING.maxLimit}) and a \`next_cursor\`; pass it as \`cursor\` for the next page (null: the last page). Images published while you page never make a page repeat or skip one. Most downloaded first (\`sort=most_downloaded\`) orders by a count that moves: an image downloaded while you page can rise above your place and be missed; page newest first (the default) to see every image once. A cursor works only in the order it came from. Several values of one filter (comma-separated) match any of them; different filters must all match. Prices are whole cents (USD), like \`price\`; a price bound leaves out pieces not for sale.`,
    "",
    "## Errors",
    "",
    'Errors are JSON, `{ "message": "…", "code": "…" }` (the codes are listed under `ApiError`): 400 names the parameter to fix, 401 a missing or invalid key (or two `Authorization` headers, or more than the key in one), with `WWW-Authenticate`, 404 an image that is not public, 429 a full hour, 503 a database out of reach for a moment (with `Retry-After`). A method other than GET or HEAD (a CORS preflight too) gets 405 with `Allow: GET, HEAD`; an address and headers over 16 kB, 431.',
  ].join("\n");
}

/**
 * The headers of the answers given before a key is counted, or without one: a 401's challenge,
 * a 405's methods and a 503's wait.
 */
const UNCOUNTED_ANSWER_HEADERS: Record<string, Record<string, unknown>> = {
  "401": {
    "WWW-Authenticate": {
      description: `How to send a key (RFC 6750): \`${BEARER_CHALLENGE}\``,
      schema: { type: "string" },
    },
  },
  "405": {
    Allow: { description: "The methods this address takes: GET, HEAD", schema: { type: "string" } },
  },
  "503": {
    "Retry-After": {
      description: "Seconds to wait before trying again",
      schema: { type: "integer" },
    },
  },
};

/**
 * Answers that carry no rate-limit headers: given before the key is counted (a refused key, a
 * method no route takes, headers too long, a database out of reach while the key is checked).
 */
const UNCOUNTED = new Set(["401", "405", "431", "503"]);

/**
 * The rate-limit headers on every keyed answer the key was counted for (and `Retry-After` on a
 * 429), and the headers of the answers given before (UNCOUNTED_ANSWER_HEADERS), written into the
 * site's document (registerApiDocs' `withHeaders`): the marketing document is a part of it.
 */
export function withKeyedAnswerHeaders<D extends object>(document: D): D {
  const site = document as unknown as OpenApiDocument;
  for (const [path, operations] of Object.entries(site.paths ?? {})) {
    if (!path.startsWith(`${PARTNER_API.basePath}/`)) continue;
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const uncounted = UNCOUNTED_ANSWER_HEADERS[status];
        if (uncounted) response.headers = { ...response.headers, ...uncounted };
        if (!operation.security || UNCOUNTED.has(status)) continue;
        const names = [
          ...Object.keys(RATE_LIMIT_HEADERS),
          ...(status === "429" ? Object.keys(RETRY_AFTER) : []),
        ];
        response.headers = {
          ...response.headers,
          ...Object.fromEntries(
            names.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
          ),
        };
      }
    }
  }
  site.components = {
    ...site.components,
    headers: {
      ...(site.components?.headers as Record<string, unknown> | undefined),
      ...RATE_LIMIT_HEADERS,
      ...RETRY_AFTER,
    },
  };
  return document;
}

/**
 * Every `code` an error of the marketing API carries, with its status and meaning: the ApiError
 * of the marketing document lists them (the site's document shares ApiError with routes whose
 * codes differ, so it is told there only).
 */
export const MARKETING_ERROR_CODES = {
  validation_failed: "400: a parameter is missing, unknown or wrong; the message names it",
  bad_cursor: "400: a `cursor` this API did not give, or one from another `sort`",
  bad_address: "400: an address whose %-escapes are not UTF-8 text",
  missing_api_key: "401: no `Authorization: Bearer` header",
  invalid_api_key:
    "401: a key that is malformed, unknown or revoked, or an `Authorization` header with more than the key",
  ambiguous_api_key: "401: two `Authorization` headers",
  not_found: "404: no such public image, or no such path",
  method_not_allowed: "405: a method other than GET and HEAD",
  rate_limited: "429: the key's requests for this hour are used up",
  request_too_large: "431: the address and headers are over 16 kB together",
  service_unavailable: "503: the database is out of reach or too busy for a moment",
  internal: "500: a fault of the server's",
} as const;

/** ApiError as the marketing document shows it: its `code` described by MARKETING_ERROR_CODES. */
function withErrorCodes(schemas: Record<string, unknown>): Record<string, unknown> {
  const apiError = schemas.ApiError as
    | { properties?: Record<string, Record<string, unknown>> }
    | undefined;
  if (!apiError?.properties?.code) return schemas;
  const codes = Object.entries(MARKETING_ERROR_CODES)
    .map(([code, meaning]) => `- \`${code}\`: ${meaning}`)
    .join("\n");
  return {
    ...schemas,
    ApiError: {
      ...apiError,
      properties: {
        ...apiError.properties,
        code: {
          ...apiError.properties.code,
          description: `What went wrong, for a program to act on (the message is for people):\n\n${codes}`,
          examples: ["validation_failed"],
        },
      },
    },
  };
}

/**
 * The marketing API's own OpenAPI 3.1 document: the part of the site's document (made from the
 * schemas the routes validate with, its answers' headers included) under the marketing API's
 * path, with the partner's key as its security, the site's real origin as its server (or
 * `options.server`) and a description with a curl example on that origin.
 */
export function partnerDocument(
  site: OpenApiDocument,
  origin: string,
  options: { server?: string } = {},
): OpenApiDocument {
  const copy = structuredClone(site);
  const paths = Object.fromEntries(
    Object.entries(copy.paths ?? {}).filter(([path]) =>
      path.startsWith(`${PARTNER_API.basePath}/`),
    ),
  );
  return withUsedComponentsOnly<OpenApiDocument>({
    openapi: copy.openapi,
    info: {
      title: "Sawdust Marketing API",
      version: "1",
      description: description(origin),
    },
    servers: [{ url: options.server ?? origin, description: "This site" }],
    tags: [{ name: "marketing", description: "The public catalogue, for a partner's API key" }],
    paths,
    components: {
      schemas: withErrorCodes(copy.components?.schemas ?? {}),
      securitySchemes: { partnerKey: PARTNER_KEY_SCHEME },
      headers: copy.components?.headers ?? {},
    },
  });
}

/**
 * The page that reads the document: Swagger UI from the files the site's own API docs page
 * serves (no CDN, no validator badge), started by a script of its own (the Content-Security-
 * Policy allows no inline script).
 */
export function docsPageHtml(): string {
  const assets = `${DOCS_PATH}/static`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sawdust Marketing API</title>
<link rel="stylesheet" href="${assets}/swagger-ui.css">
<link rel="stylesheet" href="${assets}/index.css">
<link rel="icon" type="image/png" href="${assets}/favicon-32x32.png" sizes="32x32">
</head>
<body>
<main id="swagger-ui"></main>
<script src="${assets}/swagger-ui-bundle.js"></script>
<script src="${PARTNER_API.docsPagePath}/initializer.js"></script>
</body>
</html>
`;
}

/** Starts Swagger UI on the marketing document, offline. */
export function docsPageScript(): string {
  return `window.onload = function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(PARTNER_API.documentPath)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
    validatorUrl: null,
    docExpansion: "list",
    defaultModelsExpandDepth: 0,
    tryItOutEnabled: false,
  });
};
`;
}
