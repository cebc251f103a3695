import type { SubscriptionStatus } from "@sawdust/shared";
import { Badge } from "@/components/ui/badge";
import { isEndedStatus, needsAttention, statusLabel } from "@/lib/billing/billing-text";
import { cn } from "@/lib/utils";

/**
 * A subscription's status as the provider reports it: ended ones (canceled, unpaid, expired) in
 * the destructive style (spec section 4), a failed payment in amber, an active one in green.
 */
export function SubscriptionStatusBadge({
  status,
  className,
}: {
  status: SubscriptionStatus | string;
  className?: string;
}) {
  return (
    <Badge
      variant="outline"
      data-status={status}
      className={cn(
        "whitespace-nowrap",
        isEndedStatus(status)
          ? "border-transparent bg-destructive text-destructive-foreground"
          : needsAttention(status)
            ? "border-transparent bg-brand/10 text-brand-strong"
            : status === "active" || status === "trialing"
              ? "border-transparent bg-emerald-100 text-emerald-800"
              : "text-muted-foreground",
        className,
      )}
    >
      {statusLabel(status)}
    </Badge>
  );
}
