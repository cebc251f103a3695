import { type AdminSubscription, MESSAGES } from "@sawdust/shared";
import { SubscriptionStatusBadge } from "@/components/billing/subscription-status-badge";
import { TableScroll } from "@/components/ui/table-scroll";
import { cycleLabel, formatBillingDate } from "@/lib/billing/billing-text";

/** The admin's table of subscriptions: User, Email, Plan, Status, Start Date (spec section 2). */
export function SubscriptionsTable({ subscriptions }: { subscriptions: AdminSubscription[] }) {
  const c = MESSAGES.subscriptions.columns;
  return (
    <TableScroll label="Subscriptions">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="border-b bg-muted/60 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {c.user}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {c.email}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {c.plan}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {c.status}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {c.startDate}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {subscriptions.map((subscription) => (
            <tr key={subscription.id} data-testid="subscription-row">
              <td className="px-4 py-3 font-medium whitespace-nowrap">
                {subscription.user.username}
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                {subscription.user.email}
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <span className="font-semibold uppercase">
                  {subscription.tier.replace("_", " ")}
                </span>
                <span className="text-muted-foreground">
                  {" "}
                  · {cycleLabel(subscription.billingCycle)}
                </span>
              </td>
              <td className="px-4 py-3">
                <SubscriptionStatusBadge status={subscription.status} />
                {subscription.cancelAtPeriodEnd && subscription.status === "active" && (
                  <span className="mt-1 block text-xs text-muted-foreground">
                    {MESSAGES.subscriptions.cancelsOn} {formatBillingDate(subscription.expiryDate)}
                  </span>
                )}
              </td>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                {formatBillingDate(subscription.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
