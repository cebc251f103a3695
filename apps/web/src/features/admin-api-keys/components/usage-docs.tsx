import { groupDigits, PARTNER_API, type PartnerApiInfo } from "@sawdust/shared";
import { BookOpen, FileJson } from "lucide-react";
import { curlExample, PARTNER_ENDPOINTS, partnerServerUrl } from "../key-text";

/**
 * How a partner uses a key (spec section 2, "Usage documentation for the external marketing
 * API"): the curl call on the site's real origin, the endpoints, the limits and where the full
 * documentation is.
 */
export function UsageDocs({ partnerApi }: { partnerApi: PartnerApiInfo }) {
  return (
    <section
      aria-labelledby="usage-docs-heading"
      className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <div>
        <h2 id="usage-docs-heading" className="font-display text-xl font-semibold">
          Using the marketing API
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Partners read the public catalogue with their key in the Authorization header:
        </p>
      </div>
      <pre className="rounded-lg bg-muted px-4 py-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap">
        <code>{curlExample(partnerApi.baseUrl)}</code>
      </pre>
      <div className="grid gap-2 text-sm">
        <p>
          Base URL (the OpenAPI document's server):{" "}
          <code className="font-mono text-xs break-all">
            {partnerServerUrl(partnerApi.baseUrl)}
          </code>
        </p>
        <ul className="grid gap-1.5">
          {PARTNER_ENDPOINTS.map(([endpoint, what]) => (
            <li key={endpoint}>
              <code className="font-mono text-xs font-semibold">{endpoint}</code>
              <span className="text-muted-foreground"> — {what}</span>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground">
          Each key may make {groupDigits(partnerApi.defaultRateLimitPerHour)} requests an hour
          unless you set another limit. Every answer carries X-RateLimit-Limit,
          X-RateLimit-Remaining and X-RateLimit-Reset; over the limit it is 429 with Retry-After. A
          missing or revoked key gets 401. Keys start with {PARTNER_API.keyPrefix} and end in a
          checksum, so secret scanners recognise a leaked one.
        </p>
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium">
        <a
          href={partnerApi.docsPageUrl}
          className="inline-flex items-center gap-1.5 text-brand-strong underline-offset-4 hover:underline"
        >
          <BookOpen className="size-4" aria-hidden />
          API documentation
        </a>
        <a
          href={partnerApi.documentUrl}
          className="inline-flex items-center gap-1.5 text-brand-strong underline-offset-4 hover:underline"
        >
          <FileJson className="size-4" aria-hidden />
          OpenAPI document
        </a>
      </div>
    </section>
  );
}
