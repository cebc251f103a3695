import {
  ANALYTICS_RANGES,
  type AnalyticsRange,
  type AnalyticsSeries,
  MESSAGES,
} from "@sawdust/shared";
import { FileDown } from "lucide-react";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { analyticsCsvHref } from "../api/get-analytics";
import { chartSummary } from "../chart-text";
import { type DrawnLine, SeriesChart } from "./series-chart";

interface ChartCardProps {
  series: AnalyticsSeries;
  title: string;
  /** The range's total, as the card's headline figure. */
  total: string;
  range: AnalyticsRange;
  labels: string[];
  lines: DrawnLine[];
  kind: "line" | "bars";
  format: (value: number) => string;
  /** Counts: whole numbers on the y axis. */
  integers?: boolean;
}

/**
 * One series: its total, the chart (uPlot's legend under it names each line), the figures as a
 * table (for anyone who cannot read the chart), and its CSV.
 */
export function ChartCard({
  series,
  title,
  total,
  range,
  labels,
  lines,
  kind,
  format,
  integers,
}: ChartCardProps) {
  const rangeLabel = ANALYTICS_RANGES[range].label;
  const summary = useMemo(
    () => chartSummary(title, rangeLabel, labels, lines, format),
    [title, rangeLabel, labels, lines, format],
  );
  const headingId = `chart-${series}-heading`;
  return (
    <div
      className="grid min-w-0 content-start gap-4 rounded-xl border bg-card text-card-foreground shadow-sm p-5"
      data-testid={`chart-${series}`}
    >
      <section aria-labelledby={headingId} className="grid min-w-0 content-start gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="text-sm font-medium text-muted-foreground">
              {title}
            </h3>
            <p className="font-display text-2xl font-semibold tracking-tight tabular-nums">
              {total}
            </p>
          </div>
          <Button asChild variant="outline" size="sm">
            <a
              href={analyticsCsvHref(range, series)}
              download
              aria-label={MESSAGES.adminStats.analytics.downloadCsv(title)}
              data-testid={`csv-${series}`}
            >
              <FileDown aria-hidden />
              CSV
            </a>
          </Button>
        </div>

        <SeriesChart
          labels={labels}
          lines={lines}
          kind={kind}
          format={format}
          summary={summary}
          integers={integers}
        />

        <details className="group min-w-0 text-sm">
          <summary className="cursor-pointer font-medium text-muted-foreground hover:text-foreground">
            Show the figures
          </summary>
          {/* Focusable, so a keyboard can scroll it. */}
          <section
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus
            tabIndex={0}
            aria-label={`${title}: the figures`}
            className="relative mt-3 max-h-72 overflow-auto rounded-lg border"
          >
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">{`${title}, last ${rangeLabel}`}</caption>
              <thead className="sticky top-0 bg-card">
                <tr className="border-b">
                  <th scope="col" className="px-3 py-2 font-medium">
                    Period
                  </th>
                  {lines.map((line) => (
                    <th key={line.label} scope="col" className="px-3 py-2 text-right font-medium">
                      {line.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y">
                {labels.map((label, i) => (
                  <tr key={label}>
                    <th scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                      {label}
                    </th>
                    {lines.map((line) => (
                      <td key={line.label} className="px-3 py-1.5 text-right whitespace-nowrap">
                        {format(line.values[i] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </details>
      </section>
    </div>
  );
}
