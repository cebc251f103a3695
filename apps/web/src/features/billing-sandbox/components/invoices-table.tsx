import { MESSAGES, type SandboxInvoice } from "@sawdust/shared";
import { Badge } from "@/components/ui/badge";
import { TableScroll } from "@/components/ui/table-scroll";
import { cycleLabel, formatBillingDate, formatPriceCents } from "@/lib/billing/billing-text";
import { cn } from "@/lib/utils";

const STATUS_STYLE: Record<SandboxInvoice["status"], string> = {
  paid: "border-transparent bg-emerald-100 text-emerald-800",
  open: "border-transparent bg-brand/10 text-brand-strong",
  void: "text-muted-foreground",
  uncollectible: "border-transparent bg-destructive text-destructive-foreground",
};

/** The sandbox's invoices, newest first as the server lists them. */
export function InvoicesTable({ invoices }: { invoices: SandboxInvoice[] }) {
  if (invoices.length === 0) {
    return <p className="text-sm text-muted-foreground">{MESSAGES.billing.noInvoices}</p>;
  }
  return (
    <TableScroll label="Invoices" className="rounded-none border-0 bg-transparent shadow-none">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <thead className="border-b text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Date
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Period
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Amount
            </th>
            <th scope="col" className="py-2 font-semibold">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {invoices.map((invoice) => (
            <tr key={invoice.id} data-testid="invoice-row">
              <td className="py-2.5 pr-4 whitespace-nowrap tabular-nums">
                {formatBillingDate(invoice.createdAt)}
              </td>
              <td className="py-2.5 pr-4 whitespace-nowrap tabular-nums text-muted-foreground">
                {formatBillingDate(invoice.periodStart)} – {formatBillingDate(invoice.periodEnd)}
              </td>
              <td className="py-2.5 pr-4 whitespace-nowrap tabular-nums">
                {formatPriceCents(invoice.amountCents)}{" "}
                <span className="text-muted-foreground">({cycleLabel(invoice.billingCycle)})</span>
              </td>
              <td className="py-2.5">
                <Badge variant="outline" className={cn("capitalize", STATUS_STYLE[invoice.status])}>
                  {invoice.status}
                </Badge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
