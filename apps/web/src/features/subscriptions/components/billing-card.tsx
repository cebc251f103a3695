import { MESSAGES, type Subscription } from "@sawdust/shared";
import { LoaderCircle, Receipt } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cycleLabel, priceWithCycle, renewalLine } from "@/lib/billing/billing-text";
import { useOpenBillingPortal } from "@/lib/billing/open-billing-portal";
import { Panel } from "./panel";

/**
 * The billing card (spec section 2): the next billing date from the expiry date (or N/A), the
 * cycle and the price, and Manage Billing, which opens the provider's billing portal.
 */
export function BillingCard({ subscription }: { subscription: Subscription }) {
  const m = MESSAGES.subscriptions;
  const portal = useOpenBillingPortal();
  const renewal = renewalLine(subscription);
  const rows = [
    { label: renewal.label, value: renewal.date, testId: "billing-date" },
    {
      label: m.billingCycle,
      value: cycleLabel(subscription.billingCycle),
      testId: "billing-cycle",
    },
    {
      label: m.price,
      value: priceWithCycle(subscription.priceCents, subscription.billingCycle),
      testId: "billing-price",
    },
  ];

  return (
    <Panel
      data-testid="billing-card"
      title="Billing"
      icon={<Receipt className="size-5 text-muted-foreground" aria-hidden />}
      footer={
        <Button
          variant="outline"
          // Wraps at a large text size, growing from the usual h-10 (a style, as Go Pro's button).
          className="h-auto w-full whitespace-pre-line text-center"
          style={{ minHeight: "2.5rem" }}
          onClick={() => portal.mutate()}
          disabled={portal.isPending || portal.isSuccess}
        >
          {portal.isPending || portal.isSuccess ? (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          ) : null}
          {m.manageBilling}
        </Button>
      }
    >
      <dl className="divide-y rounded-lg border">
        {rows.map((row) => (
          <div
            key={row.testId}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3"
          >
            <dt className="text-sm text-muted-foreground">{row.label}</dt>
            <dd data-testid={row.testId} className="text-right font-medium tabular-nums">
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}
