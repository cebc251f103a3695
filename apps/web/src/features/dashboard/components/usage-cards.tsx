import { formatBytes, MESSAGES, type Usage } from "@sawdust/shared";
import {
  Download,
  FolderHeart,
  HardDrive,
  type LucideIcon,
  TrendingDown,
  TrendingUp,
} from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { monthOverMonthText, percentUsed } from "../usage-text";

/** The three usage cards: downloads (with the usage bar for free members), bandwidth, collections. */
export function UsageCards({ usage }: { usage: Usage }) {
  const { downloads, bandwidthBytes, collections } = usage;
  const change = usage.downloadsChangePercent;
  const TrendIcon = change !== null && change < 0 ? TrendingDown : TrendingUp;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <UsageCard
        testId="usage-downloads"
        icon={Download}
        title="Downloads this month"
        value={
          downloads.limit === null
            ? String(downloads.used)
            : `${downloads.used} / ${downloads.limit}`
        }
        unlimited={downloads.limit === null}
      >
        {downloads.limit !== null && (
          <Progress
            value={percentUsed(downloads.used, downloads.limit)}
            valueText={`${downloads.used} of ${downloads.limit} downloads used`}
            aria-label="Downloads used this month"
          />
        )}
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          {change !== null && change !== 0 && <TrendIcon aria-hidden className="size-4" />}
          {monthOverMonthText(change)}
        </p>
      </UsageCard>
      <UsageCard
        testId="usage-bandwidth"
        icon={HardDrive}
        title="Bandwidth used"
        value={formatBytes(bandwidthBytes.used)}
        unlimited={bandwidthBytes.limit === null}
      >
        {bandwidthBytes.limit !== null && (
          <p className="text-sm text-muted-foreground">
            of {formatBytes(bandwidthBytes.limit)} this month
          </p>
        )}
      </UsageCard>
      <UsageCard
        testId="usage-collections"
        icon={FolderHeart}
        title="Collections"
        value={
          collections.limit === null
            ? String(collections.used)
            : `${collections.used} / ${collections.limit}`
        }
        unlimited={collections.limit === null}
      >
        {collections.limit !== null && (
          <p className="text-sm text-muted-foreground">
            {collections.used >= collections.limit
              ? "You have used every free collection"
              : `${collections.limit - collections.used} more on the free plan`}
          </p>
        )}
      </UsageCard>
    </div>
  );
}

function UsageCard({
  testId,
  icon: Icon,
  title,
  value,
  unlimited,
  children,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  value: string;
  unlimited: boolean;
  children?: ReactNode;
}) {
  return (
    <Card data-testid={testId} className="flex flex-col gap-3 p-5">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <Icon aria-hidden className="size-5 text-brand" />
      </div>
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-display text-3xl font-semibold tracking-tight tabular-nums">
          {value}
        </span>
        {unlimited && (
          <span className="text-sm font-medium text-brand-strong">
            {MESSAGES.dashboard.unlimited}
          </span>
        )}
      </p>
      {children && <div className="mt-auto grid gap-3">{children}</div>}
    </Card>
  );
}

export function UsageCardsSkeleton() {
  return (
    <div className="grid gap-4 md:grid-cols-3" aria-hidden data-testid="usage-skeleton">
      {[0, 1, 2].map((i) => (
        <Card key={i} className="grid gap-4 p-5">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-20" />
          <Skeleton className={cn("h-3", i === 0 ? "w-full" : "w-40")} />
        </Card>
      ))}
    </div>
  );
}

export function UsageError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-xl border bg-card px-6 py-8 text-center">
      <p className="text-muted-foreground">{MESSAGES.dashboard.usageLoadFailed}</p>
      <Button className="mt-4" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
