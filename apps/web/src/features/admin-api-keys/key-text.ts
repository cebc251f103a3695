import { MESSAGES } from "@sawdust/shared";
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
