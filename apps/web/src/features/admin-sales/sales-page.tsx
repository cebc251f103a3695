import {
  type AdminSale,
  EDITION_LABELS,
  type EditionType,
  groupDigits,
  LICENCE_LABELS,
  MESSAGES,
  paths,
  SALE_STATUSES,
} from "@sawdust/shared";
import { Receipt } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { ListSearch } from "@/components/layout/list-search";
import { LoadMoreButton } from "@/components/layout/load-more-button";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatMoneyTotal } from "@/lib/billing/billing-text";
import { formatDate } from "@/lib/date-time";
import { type SaleFilters, useSales } from "./api/get-sales";
import { useRefundSale } from "./api/refund-sale";

const typeLabel = (type: string) =>
  EDITION_LABELS[type as EditionType] ?? (type === "limited_edition" ? "Limited Edition" : type);
const STATUS_LABEL: Record<AdminSale["status"], string> = {
  sold: "Sold",
  refunded: "Refunded",
  declined: "Declined, refunded",
};

/** The filters the URL holds: ?q=&status=. */
function filtersOf(params: URLSearchParams): SaleFilters {
  const status = params.get("status");
  return {
    q: params.get("q")?.trim() || undefined,
    status: SALE_STATUSES.find((known) => known === status),
  };
}

/**
 * /admin/sales (admin console): every edition sale with its number, licence, buyer and payment,
 * refunds included, newest first a page at a time, searchable by piece or buyer and filtered by
 * status (in the URL); the revenue of every sale by the edition type each sold as, and a refund
 * for a sale that stands.
 */
export function SalesPage() {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const sales = useSales(filters);
  const refund = useRefundSale();
  const [confirming, setConfirming] = useState<AdminSale | null>(null);
  const first = sales.data?.pages[0];
  const rows = sales.data?.pages.flatMap((page) => page.sales) ?? [];
  const filtered = Boolean(filters.q || filters.status);

  function setParam(name: keyof SaleFilters, value: string | undefined) {
    setSearchParams(
      (params) => {
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Sales"
        description={
          first
            ? `All sales: ${formatMoneyTotal(first.revenueCents)} kept · ${formatMoneyTotal(first.refundedCents)} refunded`
            : "Editions sold, and their refunds."
        }
        actions={
          first && (
            <p className="text-sm text-muted-foreground" data-testid="sales-total">
              {groupDigits(first.total)} {first.total === 1 ? "sale" : "sales"}
              {filtered ? " match" : ""}
            </p>
          )
        }
      />
      {first && Object.keys(first.revenueByEditionType).length > 0 && (
        <dl className="grid gap-3 pt-8 sm:grid-cols-3">
          {Object.entries(first.revenueByEditionType).map(([type, cents]) => {
            const refunded = first.refundedByEditionType[type] ?? 0;
            return (
              <div
                key={type}
                className="rounded-xl border bg-card p-4"
                data-testid={`revenue-${type}`}
              >
                <dt className="text-sm text-muted-foreground">{typeLabel(type)}</dt>
                <dd className="mt-1 font-display text-2xl font-semibold tabular-nums">
                  {formatMoneyTotal(cents)}
                </dd>
                {refunded > 0 && (
                  <dd className="text-sm text-muted-foreground tabular-nums">
                    {formatMoneyTotal(refunded)} refunded
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      )}
      <div className="flex flex-col gap-3 pt-6 pb-6 sm:flex-row sm:items-center">
        <ListSearch
          key={filters.q ?? ""}
          value={filters.q ?? ""}
          onSearch={(text) => setParam("q", text || undefined)}
          label="Search sales"
          placeholder="Search by piece or buyer"
          className="flex-1"
        />
        <div className="flex items-center gap-2">
          <label htmlFor={`${id}-status`} className="text-sm text-muted-foreground">
            Status
          </label>
          <select
            id={`${id}-status`}
            value={filters.status ?? ""}
            onChange={(event) => setParam("status", event.target.value || undefined)}
            className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-sm"
          >
            <option value="">All</option>
            {SALE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABEL[status]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {sales.isPending ? (
        <Skeleton className="h-64 w-full rounded-xl" />
      ) : sales.isError ? (
        <LoadErrorPanel
          title="The sales could not be loaded"
          text={sales.error.message}
          onRetry={() => void sales.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyPanel
          icon={<Receipt aria-hidden />}
          title={filtered ? "No sale matches" : "No sales yet"}
        >
          {filtered
            ? "No sale matches this search or status."
            : "Sales appear here when members buy editions."}
        </EmptyPanel>
      ) : (
        <div className="grid gap-6">
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
                {rows.map((sale) => (
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
                      {formatMoneyTotal(sale.priceCents)}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <Badge variant={sale.status === "sold" ? "default" : "secondary"}>
                        {STATUS_LABEL[sale.status]}
                      </Badge>
                      {sale.refundedAt && (
                        <>
                          {" "}
                          <span className="text-muted-foreground tabular-nums">
                            on {formatDate(sale.refundedAt)}
                          </span>
                        </>
                      )}
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
          <LoadMoreButton list={sales}>Load more sales</LoadMoreButton>
        </div>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Refund this sale?"
        description={
          confirming
            ? MESSAGES.editions.refundSaleConfirm({
                buyer: confirming.buyer,
                price: formatMoneyTotal(confirming.priceCents),
                title: confirming.title,
                editionType: confirming.editionType,
              })
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
