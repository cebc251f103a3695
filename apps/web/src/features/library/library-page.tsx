import { EDITION_LABELS, type EditionType, LICENCE_LABELS, MESSAGES, paths } from "@sawdust/shared";
import { BadgeCheck, Download, Library as LibraryIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDate } from "@/lib/date-time";
import { useDocumentTitle } from "@/lib/document-title";
import { formatPrice } from "@/lib/images";
import { cn } from "@/lib/utils";
import { useLibrary } from "./api/get-library";
import { usePurchaseOutcome } from "./api/get-purchase";
import { purchaseNoticeText } from "./purchase-notice-text";

/** /library: the editions a member owns, each with its number, licence, date and certificate. */
export function LibraryPage() {
  useDocumentTitle("Your library");
  const library = useLibrary();
  const [params] = useSearchParams();
  const justBought = params.get("purchase") === "success";
  const checkoutId = justBought ? params.get("checkout") : null;
  const editions = library.data?.editions ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="border-b pb-6">
        <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
          Collected works
        </p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
          Your library
        </h1>
        <p className="mt-3 text-muted-foreground">
          The editions you own. Each downloads in every size, with its licence, and has a
          certificate anyone can verify.
        </p>
      </header>
      {justBought && <PurchaseNotice checkoutId={checkoutId} />}
      <div className="mt-8">
        {library.isPending ? (
          <div className="grid gap-4">
            <Skeleton className="h-28 w-full rounded-xl" />
            <Skeleton className="h-28 w-full rounded-xl" />
          </div>
        ) : library.isError ? (
          <LoadErrorPanel
            title="Your library could not be loaded"
            text={library.error.message}
            onRetry={() => void library.refetch()}
          />
        ) : editions.length === 0 ? (
          <EmptyPanel icon={<LibraryIcon aria-hidden />} title="No editions yet">
            {MESSAGES.editions.libraryEmpty}
          </EmptyPanel>
        ) : (
          <ul className="grid gap-4" data-testid="library-list">
            {editions.map((e) => (
              <li
                key={e.saleId}
                className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:flex-row sm:items-center"
              >
                {e.urlSmall ? (
                  <img
                    src={e.urlSmall}
                    alt=""
                    className="h-24 w-20 shrink-0 rounded-md object-cover ring-1 ring-black/5"
                  />
                ) : (
                  <span className="block h-24 w-20 shrink-0 rounded-md bg-muted" />
                )}
                <div className="grid min-w-0 flex-1 gap-1">
                  <Link
                    to={paths.image.getHref(e.imageId)}
                    className="truncate font-display text-xl font-semibold hover:underline"
                  >
                    {e.title}
                  </Link>
                  <p className="text-sm font-medium" data-testid="edition-number">
                    {EDITION_LABELS[e.editionType as EditionType] ?? "Limited Edition"} · No.{" "}
                    {e.number}
                    {e.total !== null && ` of ${e.total}`}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {LICENCE_LABELS[e.licence]} licence · {formatPrice(e.priceCents)} · bought{" "}
                    {formatDate(e.purchasedAt)}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 sm:flex-col sm:items-stretch">
                  <Button asChild variant="brand" size="sm">
                    <Link to={paths.image.getHref(e.imageId)}>
                      <Download aria-hidden />
                      Downloads
                    </Link>
                  </Button>
                  <Button asChild variant="outline" size="sm">
                    <Link to={paths.verifyCertificate.getHref(e.certificateId)}>
                      <BadgeCheck aria-hidden />
                      Certificate
                    </Link>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/**
 * What became of the purchase the buyer just paid for: confirmed (its number), declined (it
 * arrived after the last edition was taken, or the piece was withdrawn; round 54: this page said
 * "your payment went through"), refunded since, ended unpaid (replaced by a newer checkout, or
 * lapsed: it said "being confirmed" for ever), or still being confirmed. A return address without
 * its checkout (an older link) says the payment is being confirmed.
 */
function PurchaseNotice({ checkoutId }: { checkoutId: string | null }) {
  const outcome = usePurchaseOutcome(checkoutId);
  const data = outcome.data;
  const refunded = data?.status === "declined" || data?.status === "refunded";
  const text = purchaseNoticeText(data, outcome.gaveUp);
  return (
    <p
      role="status"
      data-testid="purchase-notice"
      className={cn(
        "mt-6 rounded-lg border bg-card px-4 py-3 text-sm",
        refunded && "border-destructive/40 text-destructive",
      )}
    >
      {text}
    </p>
  );
}
