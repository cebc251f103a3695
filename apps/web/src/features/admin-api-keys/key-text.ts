import { MESSAGES, PARTNER_API } from "@sawdust/shared";
import { isApiRequestError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/date-time";

/** 'MMM d, yyyy HH:mm' (lib/date-time.ts), or 'Never used'. */
export function formatLastUsed(iso: string | null): string {
  return formatDateTime(iso) || MESSAGES.apiKeys.neverUsed;
}

/**
 * What went wrong, for the spec's 'Error … API key: {status text}': the server's message for a
 * refusal, the status text from 500 up, the browser's words for a network failure, else 'An
 * unknown error occurred'.
 */
export function failureReason(error: unknown): string {
  if (isApiRequestError(error)) {
    const text = error.status >= 500 ? error.statusText : error.body || error.statusText;
    return text || `${error.status}`;
  }
  return error instanceof Error && error.message ? error.message : MESSAGES.unknownError;
}

/** The curl example of the usage documentation, on the site's real origin. */
export function curlExample(baseUrl: string): string {
  return `curl -H "Authorization: Bearer $SAWDUST_API_KEY" \\\n  "${baseUrl}/images?limit=5&sort=most_downloaded"`;
}

/**
 * The base URL a partner gives a client: the site's origin, as the OpenAPI document's `servers`
 * names it, its paths starting with the API's (`/api/v1/marketing/images`). The API's own address
 * as a base URL made a generated client call `/api/v1/marketing/api/v1/marketing/images`.
 */
export function partnerServerUrl(baseUrl: string): string {
  return baseUrl.endsWith(PARTNER_API.basePath)
    ? baseUrl.slice(0, -PARTNER_API.basePath.length)
    : baseUrl;
}

/** The endpoints the page lists, by their paths in the OpenAPI document, and what each gives. */
export const PARTNER_ENDPOINTS: ReadonlyArray<readonly [string, string]> = [
  [
    `GET ${PARTNER_API.basePath}/images`,
    "public images: filters edition_type, tags, style, color, min_price, max_price (cents); sort newest or most_downloaded; limit and cursor",
  ],
  [`GET ${PARTNER_API.basePath}/images/{id}`, "one public image"],
  [`GET ${PARTNER_API.basePath}/tags`, "every tag with its count"],
];
