import { groupDigits, MESSAGES } from "@sawdust/shared";
import { Users } from "lucide-react";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { ListSearch } from "@/components/layout/list-search";
import { LoadMoreButton } from "@/components/layout/load-more-button";
import { EmptyPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useSubscribers } from "./api/get-subscribers";
import { SubscribersTable } from "./components/subscribers-table";

/**
 * /admin/subscribers (spec section 2): every member with their plan, status and downloads this
 * month, searchable by username or email, a page at a time. A failure is told twice, as the spec
 * has it: a toast 'Failed to load subscribers' and inline 'Error loading subscribers: ...'.
 */
export function SubscribersPage() {
  const m = MESSAGES.subscribers;
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get("q")?.trim() || undefined;
  const list = useSubscribers(q);

  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast({ title: MESSAGES.subscribers.loadFailed, variant: "destructive" });
  }, [failedAt]);

  const subscribers = list.data?.pages.flatMap((page) => page.subscribers) ?? [];
  const total = list.data?.pages[0]?.total;

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Subscribers"
        actions={
          total !== undefined && (
            <p className="text-sm text-muted-foreground" data-testid="subscribers-total">
              {groupDigits(total)} {total === 1 ? "member" : "members"}
            </p>
          )
        }
      />

      <div className="grid gap-6 pt-8">
        <ListSearch
          key={q ?? ""}
          value={q ?? ""}
          onSearch={(text) => setSearchParams(text ? { q: text } : {}, { replace: true })}
          label="Search subscribers"
          placeholder="Search by username or email"
          className="max-w-xl"
        />

        {list.isPending ? (
          <div role="status" aria-label="Loading subscribers" className="grid gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <div role="alert" className="rounded-xl border bg-card px-6 py-10 text-center">
            <p className="text-destructive">{m.loadFailedInline(list.error.message)}</p>
            <Button className="mt-4" variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : subscribers.length === 0 ? (
          <EmptyPanel icon={<Users className="size-6" aria-hidden />} title={m.empty}>
            {q ? "No member matches this search." : "Members appear here as they sign up."}
          </EmptyPanel>
        ) : (
          <>
            <SubscribersTable subscribers={subscribers} />
            <LoadMoreButton list={list}>{MESSAGES.subscriptions.loadMore}</LoadMoreButton>
          </>
        )}
      </div>
    </AdminPageFrame>
  );
}
