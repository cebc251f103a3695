import {
  type AdminSale,
  EDITION_LABELS,
  type EditionType,
  LICENCE_LABELS,
  paths,
} from "@sawdust/shared";
import { Receipt } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatDate } from "@/lib/date-time";
import { formatPrice } from "@/lib/images";
import { useSales } from "./api/get-sales";
import { useRefundSale } from "./api/refund-sale";

const typeLabel = (type: string) =>
  EDITION_LABELS[type as EditionType] ?? (type === "limited_edition" ? "Limited Edition" : type);
const STATUS_LABEL: Record<AdminSale["status"], string> = {
  sold: "Sold",
  refunded: "Refunded",
  declined: "Declined, refunded",
};

/**
 * /admin/sales (admin console): every edition sale with its number, licence, buyer and payment,
 * refunds included, the revenue by edition type, and a refund for a sale that stands.
 */
export function SalesPage() {
  const sales = useSales();
  const refund = useRefundSale();
  const [confirming, setConfirming] = useState<AdminSale | null>(null);
  const data = sales.data;

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Sales"
        description={
          data
            ? `${formatPrice(data.revenueCents)} kept · ${formatPrice(data.refundedCents)} refunded`
            : "Editions sold, and their refunds."
        }
      />
      {sales.isPending ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : sales.isError ? (
        <LoadErrorPanel
          title="The sales could not be loaded"
          text={sales.error.message}
          onRetry={() => void sales.refetch()}
        />
      ) : data && data.sales.length === 0 ? (
        <EmptyPanel icon={<Receipt aria-hidden />} title="No sales yet">
          Sales appear here when members buy editions.
        </EmptyPanel>
      ) : data ? (
        <div className="grid gap-6">
          <dl className="grid gap-3 sm:grid-cols-3">
            {Object.entries(data.revenueByEditionType).map(([type, cents]) => (
              <div key={type} className="rounded-xl border bg-card p-4">
                <dt className="text-sm text-muted-foreground">{typeLabel(type)}</dt>
                <dd className="mt-1 font-display text-2xl font-semibold tabular-nums">
                  {formatPrice(cents)}
                </dd>
              </div>
            ))}
          </dl>
          <TableScroll label="Sales">
            <table className="w-full min-w-[52rem] text-sm">
              <thead className="border-b text-left text-muted-foreground">
                <tr>
                  <th className="px-3 py-2 font-medium">Date</th>
                  <th className="px-3 py-2 font-medium">Piece</th>
                  <th className="px-3 py-2 font-medium">Edition</th>
                  <th className="px-3 py-2 font-medium">Licence</th>
                  <th className="px-3 py-2 font-medium">Buyer</th>
                  <th className="px-3 py-2 text-right font-medium">Price</th>
                  <th className="px-3 py-2 font-medium">Status</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {data.sales.map((sale) => (
                  <tr key={sale.id}>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                      {formatDate(sale.createdAt)}
                    </td>
                    <td className="max-w-[14rem] truncate px-3 py-2">
                      <Link
                        to={paths.image.getHref(sale.imageId)}
                        className="hover:underline"
                        dir="auto"
                      >
                        {sale.title}
                      </Link>
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {typeLabel(sale.editionType)}
                      {sale.number !== null &&
                        ` · No. ${sale.number}${sale.total !== null ? ` of ${sale.total}` : ""}`}
                    </td>
                    <td className="px-3 py-2">{LICENCE_LABELS[sale.licence]}</td>
                    <td className="px-3 py-2">{sale.buyer ?? "Deleted member"}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {formatPrice(sale.priceCents)}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <Badge variant={sale.status === "sold" ? "default" : "secondary"}>
                        {STATUS_LABEL[sale.status]}
                      </Badge>
                    </td>
                    <td className="px-3 py-2 text-right">
                      {sale.status === "sold" && (
                        <Button variant="outline" size="sm" onClick={() => setConfirming(sale)}>
                          Refund
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Refund this sale?"
        description={
          confirming
            ? `${confirming.buyer ?? "The buyer"} is refunded ${formatPrice(confirming.priceCents)} for “${confirming.title}”. They stop owning the edition and its certificate is revoked. Its number is not reused.`
            : ""
        }
        confirmLabel="Refund"
        pendingLabel="Refunding..."
        destructive
        pending={refund.isPending}
        onConfirm={() =>
          confirming && refund.mutate(confirming.id, { onSettled: () => setConfirming(null) })
        }
      />
    </AdminPageFrame>
  );
}
