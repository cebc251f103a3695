import { type AdminDashboard, formatBytes, groupDigits, MESSAGES } from "@sawdust/shared";
import { Archive, ArrowDownToLine, Images, type LucideIcon, Users } from "lucide-react";
import { Skeleton } from "@/components/ui/skeleton";

const m = MESSAGES.adminStats.cards;

/** The four totals: users, images, downloads and the storage they take. */
export function FigureCards({ totals }: { totals: AdminDashboard["totals"] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FigureCard
        testId="figure-users"
        icon={Users}
        title={m.users}
        value={groupDigits(totals.users)}
      />
      <FigureCard
        testId="figure-images"
        icon={Images}
        title={m.images}
        value={groupDigits(totals.images)}
      />
      <FigureCard
        testId="figure-downloads"
        icon={ArrowDownToLine}
        title={m.downloads}
        value={groupDigits(totals.downloads)}
      />
      <FigureCard
        testId="figure-storage"
        icon={Archive}
        title={m.storage}
        value={formatBytes(totals.storageBytes)}
        note={`Originals ${formatBytes(totals.originalsBytes)} · renditions ${formatBytes(totals.renditionsBytes)}`}
      />
    </div>
  );
}

function FigureCard({
  testId,
  icon: Icon,
  title,
  value,
  note,
}: {
  testId: string;
  icon: LucideIcon;
  title: string;
  value: string;
  note?: string;
}) {
  return (
    <div
      data-testid={testId}
      className="flex flex-col gap-3 rounded-xl border bg-card text-card-foreground shadow-sm p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <Icon aria-hidden className="size-5 text-brand" />
      </div>
      <p className="font-display text-3xl font-semibold tracking-tight tabular-nums">{value}</p>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </div>
  );
}

export function FigureCardsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-hidden>
      {[0, 1, 2, 3].map((i) => (
        <div
          key={i}
          className="grid gap-4 rounded-xl border bg-card text-card-foreground shadow-sm p-5"
        >
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-8 w-20" />
        </div>
      ))}
    </div>
  );
}
