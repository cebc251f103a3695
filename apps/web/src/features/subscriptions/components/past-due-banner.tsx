import { MESSAGES } from "@sawdust/shared";
import { TriangleAlert } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatBillingDeadline } from "@/lib/billing/billing-text";
import { useCurrentSubscription } from "@/lib/billing/get-current-subscription";
import { useOpenBillingPortal } from "@/lib/billing/open-billing-portal";

/**
 * After a failed renewal (past_due) the member keeps Pro for a grace period (design section 4):
 * this banner, on every page, asks them to update their card before it ends.
 */
export function PastDueBanner() {
  const current = useCurrentSubscription();
  const portal = useOpenBillingPortal();
  const subscription = current.data?.subscription;
  if (subscription?.status !== "past_due") return null;
  const m = MESSAGES.subscriptions;
  const until = formatBillingDeadline(subscription.graceUntil ?? subscription.expiryDate);

  return (
    <section
      aria-label="Billing notice"
      data-testid="past-due-banner"
      className="border-b border-brand/40 bg-brand/10"
    >
      <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6">
        <TriangleAlert className="size-5 shrink-0 text-brand-strong" aria-hidden />
        <p className="min-w-0 flex-1 text-sm">
          <strong className="font-semibold">{m.pastDueTitle}.</strong> {m.pastDueText(until)}
        </p>
        <Button
          size="sm"
          variant="outline"
          onClick={() => portal.mutate()}
          disabled={portal.isPending}
        >
          {m.updateCard}
        </Button>
      </div>
    </section>
  );
}
