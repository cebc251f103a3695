import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/api-client";
import {
  curlExample,
  failureReason,
  formatLastUsed,
  PARTNER_ENDPOINTS,
  partnerServerUrl,
} from "./key-text";

describe("the API keys page's texts", () => {
  it("writes last use as 'MMM d, yyyy HH:mm', or 'Never used'", () => {
    const local = new Date(2026, 10, 21, 9, 5);
    expect(formatLastUsed(local.toISOString())).toBe("Nov 21, 2026 09:05");
    expect(formatLastUsed(new Date(2026, 0, 3, 23, 59).toISOString())).toBe("Jan 3, 2026 23:59");
    expect(formatLastUsed(null)).toBe("Never used");
    expect(formatLastUsed("not a date")).toBe("Never used");
  });

  it("says why a call failed: the server's message, the status text from 500, or a fallback", () => {
    expect(failureReason(new ApiRequestError(400, "Bad Request", "API key name is required"))).toBe(
      "API key name is required",
    );
    expect(failureReason(new ApiRequestError(503, "Service Unavailable", "<html>"))).toBe(
      "Service Unavailable",
    );
    expect(failureReason(new TypeError("Failed to fetch"))).toBe("Failed to fetch");
    expect(failureReason("?")).toBe("An unknown error occurred");
  });

  it("shows curl on the site's origin", () => {
    expect(curlExample("https://sawdust.example/api/v1/marketing")).toBe(
      'curl -H "Authorization: Bearer $SAWDUST_API_KEY" \\\n  "https://sawdust.example/api/v1/marketing/images?limit=5&sort=most_downloaded"',
    );
  });

  it("gives the origin as the base URL and the endpoints' full paths, as the OpenAPI document does", () => {
    // A client generated from the document, given the page's base URL, calls base + path.
    const base = partnerServerUrl("https://sawdust.example/api/v1/marketing");
    expect(base).toBe("https://sawdust.example");
    expect(PARTNER_ENDPOINTS.map(([endpoint]) => endpoint)).toEqual([
      "GET /api/v1/marketing/images",
      "GET /api/v1/marketing/images/{id}",
      "GET /api/v1/marketing/tags",
    ]);
    expect(`${base}${PARTNER_ENDPOINTS[0]?.[0].split(" ")[1]}`).toBe(
      "https://sawdust.example/api/v1/marketing/images",
    );
  });
});
