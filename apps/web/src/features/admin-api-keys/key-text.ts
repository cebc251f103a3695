import { MESSAGES } from "@sawdust/shared";
import { isApiRequestError } from "@/lib/api-client";

const DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const pad = (n: number) => String(n).padStart(2, "0");

/** 'MMM d, yyyy' (spec section 2, "API keys"), in the admin's time zone. */
export function formatKeyDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DATE.format(date);
}

/** 'MMM d, yyyy HH:mm', or 'Never used'. */
export function formatLastUsed(iso: string | null): string {
  if (!iso) return MESSAGES.apiKeys.neverUsed;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MESSAGES.apiKeys.neverUsed;
  return `${DATE.format(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A usage day ('2026-11-21', UTC) as 'Nov 21'. */
export function formatUsageDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : DAY.format(date);
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
