import { ANALYTICS_RANGES, type AnalyticsRange } from "@sawdust/shared";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

/** The range as links (`?range=7d`): the URL keeps it, and back and forward move between them. */
export function RangeSwitch({ current }: { current: AnalyticsRange }) {
  return (
    <nav aria-label="Range" className="inline-flex rounded-lg border bg-card p-1 shadow-sm">
      {(Object.keys(ANALYTICS_RANGES) as AnalyticsRange[]).map((range) => (
        <Link
          key={range}
          to={{ search: `?range=${range}` }}
          aria-current={range === current ? "page" : undefined}
          className={cn(
            "rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
            range === current
              ? "bg-primary text-primary-foreground"
              : "text-muted-foreground hover:bg-accent hover:text-foreground",
          )}
        >
          {ANALYTICS_RANGES[range].label}
        </Link>
      ))}
    </nav>
  );
}
