import { groupDigits, MESSAGES, type SubscriptionStats as Stats } from "@sawdust/shared";
import { BadgeDollarSign, Crown, type LucideIcon, Users } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatMoneyTotal } from "@/lib/billing/billing-text";

/**
 * The admin list's figures (spec section 2): Total Subscribers, Active Pro Plans and Monthly
 * Revenue from the real prices, a yearly plan counted as a twelfth (design section 4).
 */
export function SubscriptionStats({ stats }: { stats: Stats | undefined }) {
  const m = MESSAGES.subscriptions;
  const figures: { label: string; value: string | undefined; icon: LucideIcon; testId: string }[] =
    [
      {
        label: m.totalSubscribers,
        value: stats && groupDigits(stats.totalSubscribers),
        icon: Users,
        testId: "stat-total-subscribers",
      },
      {
        label: m.activePro,
        value: stats && groupDigits(stats.activePro),
        icon: Crown,
        testId: "stat-active-pro",
      },
      {
        label: m.monthlyRevenue,
        value: stats ? formatMoneyTotal(stats.monthlyRevenueCents) : undefined,
        icon: BadgeDollarSign,
        testId: "stat-monthly-revenue",
      },
    ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {figures.map(({ label, value, icon: Icon, testId }) => (
        <div key={label} className="flex flex-col gap-2 rounded-xl border bg-card p-5 shadow-sm">
          <dt className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
            {label}
            <Icon className="size-4" aria-hidden />
          </dt>
          <dd data-testid={testId} className="font-display text-3xl font-semibold tabular-nums">
            {value ?? <Skeleton className="h-9 w-24" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
