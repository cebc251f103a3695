import { EDITION_LABELS, type EditionType, LICENCE_LABELS, paths } from "@sawdust/shared";
import { BadgeCheck, FileDown, ShieldX } from "lucide-react";
import { Link, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useSite } from "@/lib/api/get-site";
import { isApiRequestError } from "@/lib/api-client";
import { formatDay } from "@/lib/date-time";
import { useDocumentTitle } from "@/lib/document-title";
import { useCertificate } from "./api/get-certificate";

/** The refusal's words: the server's message (not genuine, or revoked and when). */
function refusalOf(error: Error): { title: string; text: string } {
  if (isApiRequestError(error) && (error.status === 404 || error.status === 410)) {
    const text = error.body || error.message;
    return {
      title: error.status === 410 ? "Certificate revoked" : "Not a genuine certificate",
      text,
    };
  }
  return { title: "The certificate could not be checked", text: error.message };
}

/**
 * /verify/{certificateId}: anyone checks a certificate of authenticity. A genuine one shows what
 * it certifies, with its PDF; a forged or revoked one is plainly refused.
 */
export function VerifyPage() {
  const { certificateId = "" } = useParams();
  const query = useCertificate(certificateId);
  const { siteName } = useSite().site;
  useDocumentTitle("Verify a certificate");

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      {query.isPending ? (
        <div className="grid gap-4">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      ) : query.isError ? (
        <section
          role="alert"
          className="grid justify-items-center gap-4 rounded-xl border border-destructive/40 bg-card p-8 text-center"
        >
          <ShieldX className="size-10 text-destructive" aria-hidden />
          <h1 className="font-display text-3xl font-semibold">{refusalOf(query.error).title}</h1>
          <p className="max-w-prose text-muted-foreground">{refusalOf(query.error).text}</p>
          <p className="font-mono text-xs break-all text-muted-foreground">{certificateId}</p>
        </section>
      ) : (
        <article className="grid min-w-0 gap-6 rounded-xl border bg-card p-6 shadow-sm sm:p-10">
          <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800 dark:text-emerald-300">
            <BadgeCheck className="size-5" aria-hidden />
            Genuine: issued by {siteName} and in force
          </p>
          <header className="min-w-0">
            <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
              Certificate of authenticity
            </p>
            <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight text-balance wrap-anywhere">
              {query.data.title}
            </h1>
          </header>
          <dl className="grid min-w-0 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="text-muted-foreground">Edition</dt>
            <dd className="font-medium" data-testid="certificate-edition">
              {EDITION_LABELS[query.data.editionType as EditionType] ?? "Limited Edition"} · No.{" "}
              {query.data.number}
              {query.data.total !== null && ` of ${query.data.total}`}
            </dd>
            <dt className="text-muted-foreground">Licence</dt>
            <dd className="font-medium">{LICENCE_LABELS[query.data.licence]}</dd>
            <dt className="text-muted-foreground">Collected by</dt>
            <dd className="font-medium">{query.data.buyer}</dd>
            {/* Anyone anywhere reads one date, the PDF's: the sale's day in UTC. */}
            <dt className="text-muted-foreground">Date of sale (UTC)</dt>
            <dd className="font-medium">{formatDay(query.data.purchasedAt.slice(0, 10))}</dd>
            <dt className="text-muted-foreground">SHA-256 of the original</dt>
            <dd className="font-mono text-xs break-all">{query.data.originalSha256}</dd>
            <dt className="text-muted-foreground">Verification</dt>
            <dd className="font-mono text-xs break-all">{query.data.verifyUrl}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="brand">
              <a href={query.data.pdfUrl}>
                <FileDown aria-hidden />
                Download PDF
              </a>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.image.getHref(query.data.imageId)}>See the artwork</Link>
            </Button>
          </div>
        </article>
      )}
    </div>
  );
}
