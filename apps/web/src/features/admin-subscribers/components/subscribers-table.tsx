import { MESSAGES, type Subscriber } from "@sawdust/shared";
import { SubscriptionStatusBadge } from "@/components/billing/subscription-status-badge";
import { Badge } from "@/components/ui/badge";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatBillingDate } from "@/lib/billing/billing-text";
import { planLabel, shownStatus } from "../subscriber-text";

/**
 * Members with their plan (spec section 2): Username, Email, Role, Plan, Status, Downloads this
 * month and Member Since.
 */
export function SubscribersTable({ subscribers }: { subscribers: Subscriber[] }) {
  const c = MESSAGES.subscribers.columns;
  const headers = [c.username, c.email, c.role, c.plan, c.status, c.downloads, c.memberSince];
  return (
    <TableScroll label="Subscribers">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="border-b bg-muted/60 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {subscribers.map((subscriber) => {
            const status = shownStatus(subscriber);
            return (
              <tr key={subscriber.id} data-testid="subscriber-row">
                <td className="px-4 py-3 font-medium whitespace-nowrap">{subscriber.username}</td>
                <td className="px-4 py-3 whitespace-nowrap text-muted-foreground">
                  {subscriber.email}
                </td>
                <td className="px-4 py-3">
                  <Badge
                    variant={subscriber.role === "admin" ? "default" : "outline"}
                    className="capitalize"
                  >
                    {subscriber.role}
                  </Badge>
                </td>
                <td className="px-4 py-3 font-semibold whitespace-nowrap">
                  {planLabel(subscriber)}
                </td>
                <td className="px-4 py-3">
                  {status ? (
                    <SubscriptionStatusBadge status={status} />
                  ) : (
                    <span className="text-muted-foreground">
                      <span aria-hidden>—</span>
                      <span className="sr-only">No subscription</span>
                    </span>
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {MESSAGES.subscribers.downloadsThisMonth(subscriber.monthlyDownloads)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {formatBillingDate(subscriber.createdAt)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
