import {
  type AdminDashboard,
  DOWNLOAD_SIZE_NAMES,
  DOWNLOAD_SIZES,
  groupDigits,
} from "@sawdust/shared";

/**
 * Every counted download by size (the spec lists four; Sawdust has five): the count, and a bar
 * of its share that repeats what the text says.
 */
export function DownloadsByQuality({ counts }: { counts: AdminDashboard["downloadsByQuality"] }) {
  const total = DOWNLOAD_SIZE_NAMES.reduce((sum, size) => sum + counts[size], 0);
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      data-testid="downloads-by-quality"
    >
      {DOWNLOAD_SIZE_NAMES.map((size) => {
        const share = total === 0 ? 0 : Math.round((counts[size] / total) * 100);
        return (
          <li key={size} className="rounded-xl border bg-card p-4 shadow-sm">
            <p className="text-sm font-medium text-muted-foreground">
              {DOWNLOAD_SIZES[size].label}
            </p>
            <p className="mt-1 font-display text-2xl font-semibold tabular-nums">
              {groupDigits(counts[size])}
            </p>
            <div className="mt-3 h-2 overflow-hidden rounded-full bg-secondary" aria-hidden>
              <div className="h-full rounded-full bg-brand" style={{ width: `${share}%` }} />
            </div>
            <p className="mt-2 text-xs text-muted-foreground">{share}% of downloads</p>
          </li>
        );
      })}
    </ul>
  );
}
