import { MESSAGES, type SubscriptionStatus } from "@sawdust/shared";
import { Receipt } from "lucide-react";
import { useId } from "react";
import { useSearchParams } from "react-router";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { ListSearch } from "@/components/layout/list-search";
import { LoadMoreButton } from "@/components/layout/load-more-button";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiRequestError } from "@/lib/api-client";
import { statusLabel } from "@/lib/billing/billing-text";
import { useCurrentSubscription } from "@/lib/billing/get-current-subscription";
import { useAdminSubscriptions } from "./api/get-admin-subscriptions";
import { SandboxClock } from "./components/sandbox-clock";
import { SandboxNote } from "./components/sandbox-note";
import { SubscriptionStats } from "./components/subscription-stats";
import { SubscriptionsTable } from "./components/subscriptions-table";

// The provider's statuses, from their labels (the schema's own list would bring its validators).
const STATUSES = Object.keys(MESSAGES.subscriptions.statuses) as SubscriptionStatus[];

function statusParam(value: string | null): SubscriptionStatus | undefined {
  return STATUSES.find((status) => status === value);
}

/**
 * The admin's subscription list, at /subscriptions and /admin/subscriptions (spec section 2): the
 * figures, then every subscription, newest first, searchable by member and filtered by status,
 * a page at a time. In sandbox mode the sandbox clock sits above it.
 */
export function AdminSubscriptionsPage() {
  const m = MESSAGES.subscriptions;
  const statusId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get("q")?.trim() || undefined;
  const status = statusParam(searchParams.get("status"));
  const list = useAdminSubscriptions({ q, status });
  const current = useCurrentSubscription();

  function setParam(name: string, value: string | undefined) {
    setSearchParams(
      (params) => {
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      },
      { replace: true },
    );
  }

  const subscriptions = list.data?.pages.flatMap((page) => page.subscriptions) ?? [];
  const stats = list.data?.pages[0]?.stats;

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Subscriptions"
        description={current.data?.provider === "sandbox" && <SandboxNote className="mt-1" />}
      />

      <div className="grid gap-6 pt-8">
        {list.isError ? null : <SubscriptionStats stats={stats} />}
        {current.data?.provider === "sandbox" && <SandboxClock />}

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          <ListSearch
            key={q ?? ""}
            value={q ?? ""}
            onSearch={(text) => setParam("q", text || undefined)}
            label="Search subscriptions by member"
            placeholder="Search by username or email"
            className="flex-1"
          />
          <div className="flex items-center gap-2">
            <label htmlFor={statusId} className="text-sm text-muted-foreground">
              Status
            </label>
            <select
              id={statusId}
              value={status ?? ""}
              onChange={(event) => setParam("status", event.target.value || undefined)}
              className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-sm"
            >
              <option value="">All</option>
              {STATUSES.map((value) => (
                <option key={value} value={value}>
                  {statusLabel(value)}
                </option>
              ))}
            </select>
          </div>
        </div>

        {list.isPending ? (
          <div role="status" aria-label="Loading subscriptions" className="grid gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <LoadErrorPanel
            title={m.listFailed}
            text={
              isApiRequestError(list.error)
                ? list.error.message
                : list.error.message || MESSAGES.genericError
            }
            onRetry={() => void list.refetch()}
          />
        ) : subscriptions.length === 0 ? (
          <EmptyPanel icon={<Receipt className="size-6" aria-hidden />} title={m.listEmpty}>
            {q || status
              ? "No subscription matches this search."
              : "When members subscribe to Pro, their subscriptions appear here."}
          </EmptyPanel>
        ) : (
          <>
            <SubscriptionsTable subscriptions={subscriptions} />
            <LoadMoreButton list={list}>{m.loadMore}</LoadMoreButton>
          </>
        )}
      </div>
    </AdminPageFrame>
  );
}
