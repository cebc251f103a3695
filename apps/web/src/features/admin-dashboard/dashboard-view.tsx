import { MESSAGES } from "@sawdust/shared";
import { LoaderCircle, RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatTime } from "@/lib/date-time";
import { useAdminDashboard } from "./api/get-admin-dashboard";
import { AdminLinkCards } from "./components/admin-link-cards";
import { DownloadsByQuality } from "./components/downloads-by-quality";
import { FigureCards, FigureCardsSkeleton } from "./components/figure-cards";
import { RetryFailedJobs } from "./components/retry-failed-jobs";
import { SystemStatusList } from "./components/system-status-list";

const m = MESSAGES.adminStats;

/**
 * /admin/dashboard (spec section 2; design section 4: real figures): the totals, downloads by
 * quality, the system status as the server checked it just now, and a card for every admin page.
 */
export function DashboardView() {
  const dashboard = useAdminDashboard();
  const checkedAt = dashboard.data
    ? formatTime(new Date(dashboard.data.checkedAt), true)
    : undefined;

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Admin Dashboard"
        description="Real figures, counted now, and the health of every part of the site."
        actions={
          <>
            {checkedAt && (
              <p className="text-sm text-muted-foreground" data-testid="checked-at">
                Checked at {checkedAt}
              </p>
            )}
            <Button
              variant="outline"
              onClick={() => void dashboard.refetch()}
              disabled={dashboard.isFetching}
            >
              {dashboard.isFetching ? (
                <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
              ) : (
                <RotateCw aria-hidden />
              )}
              Check again
            </Button>
          </>
        }
      />

      {dashboard.isError ? (
        <div className="pt-8">
          <LoadErrorPanel
            title={m.dashboardLoadFailed}
            text={dashboard.error.message}
            onRetry={() => void dashboard.refetch()}
          />
        </div>
      ) : (
        <div className="grid gap-8 pt-8">
          <Section id="figures-heading" title="Figures" hidden>
            {dashboard.data ? (
              <FigureCards totals={dashboard.data.totals} />
            ) : (
              <FigureCardsSkeleton />
            )}
          </Section>

          <Section id="quality-heading" title={m.downloadsByQuality}>
            {dashboard.data ? (
              <DownloadsByQuality counts={dashboard.data.downloadsByQuality} />
            ) : (
              <Skeleton className="h-28 rounded-xl" />
            )}
          </Section>

          <Section id="status-heading" title={m.systemStatus}>
            {dashboard.data ? (
              <SystemStatusList
                checks={dashboard.data.status}
                actions={dashboard.data.queue.failed > 0 ? { queue: <RetryFailedJobs /> } : {}}
              />
            ) : (
              <div role="status" aria-label="Checking the system" className="grid gap-2">
                {[0, 1, 2].map((i) => (
                  <Skeleton key={i} className="h-16 rounded-xl" />
                ))}
              </div>
            )}
          </Section>
        </div>
      )}

      <div className="pt-10">
        <Section id="pages-heading" title="Admin pages">
          <AdminLinkCards />
        </Section>
      </div>
    </AdminPageFrame>
  );
}

function Section({
  id,
  title,
  hidden = false,
  children,
}: {
  id: string;
  title: string;
  /** A heading for assistive technology only (the cards name themselves). */
  hidden?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2
        id={id}
        className={hidden ? "sr-only" : "mb-4 font-display text-xl font-semibold tracking-tight"}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
