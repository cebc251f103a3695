import {
  hasFreeLimits,
  hasProAccess,
  isAdmin,
  MESSAGES,
  principalOf,
  type User,
} from "@sawdust/shared";
import { Badge } from "@/components/ui/badge";
import { useUser } from "@/lib/api/get-current-user";
import { formatDay } from "@/lib/date-time";
import { useDocumentTitle } from "@/lib/document-title";
import { useUsage } from "./api/get-usage";
import { ComingSoon, NavigationTiles, UpgradeCard } from "./components/dashboard-links";
import { UsageCards, UsageCardsSkeleton, UsageError } from "./components/usage-cards";
import { greeting } from "./usage-text";

function MembershipBadge({ user }: { user: User }) {
  const principal = principalOf(user);
  if (isAdmin(principal)) return <Badge>ADMIN</Badge>;
  if (hasProAccess(principal)) return <Badge variant="brand">PRO</Badge>;
  return <Badge variant="secondary">Free</Badge>;
}

/** /dashboard: the member's greeting, plan, real usage this month and where to go next. */
export function DashboardPage() {
  const { data: user } = useUser();
  const usage = useUsage();
  useDocumentTitle("Dashboard");
  if (!user) return null;
  const free = hasFreeLimits(principalOf(user));

  return (
    <div
      data-testid="dashboard-page"
      className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12"
    >
      <header className="border-b pb-6">
        <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
          Dashboard
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="min-w-0 font-display text-3xl font-semibold tracking-tight wrap-anywhere sm:text-4xl">
            {greeting(user.displayName ?? user.username, user.createdAt)}
          </h1>
          <MembershipBadge user={user} />
        </div>
      </header>

      <section aria-labelledby="usage-heading" className="pt-8">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="usage-heading" className="font-display text-xl font-semibold">
            This month
          </h2>
          {usage.data && (
            <p className="text-sm text-muted-foreground" data-testid="usage-resets-on">
              {MESSAGES.dashboard.resetsOn(formatDay(usage.data.resetsOn))}
            </p>
          )}
        </div>
        {usage.isPending ? (
          <UsageCardsSkeleton />
        ) : usage.isError ? (
          <UsageError onRetry={() => void usage.refetch()} />
        ) : (
          <UsageCards usage={usage.data} />
        )}
      </section>

      {/* Free members: the upgrade card beside the tiles and Coming Soon (after the tiles on a phone). */}
      <div className="grid gap-6 pt-10 lg:grid-cols-3">
        <section aria-labelledby="tiles-heading" className="lg:col-span-2">
          <h2 id="tiles-heading" className="mb-4 font-display text-xl font-semibold">
            Your account
          </h2>
          <NavigationTiles user={user} />
        </section>
        {free && (
          <div className="lg:col-start-3 lg:row-span-2 lg:row-start-1 lg:pt-11">
            <UpgradeCard />
          </div>
        )}
        <div className={free ? "lg:col-span-2" : "lg:pt-11"}>
          <ComingSoon />
        </div>
      </div>
    </div>
  );
}
