import { useEffect, useRef, useState } from "react";
import type uPlot from "uplot";
import { Skeleton } from "@/components/ui/skeleton";
import type { ChartLine } from "../chart-text";

/** A line of the chart as drawn: its colour and, to tell lines apart without colour, a dash. */
export interface DrawnLine extends ChartLine {
  color: string;
  dash?: number[];
}

interface SeriesChartProps {
  /** The buckets' names, oldest first: the x axis. */
  labels: string[];
  lines: DrawnLine[];
  kind: "line" | "bars";
  /** How a value reads on the y axis and in the legend. */
  format: (value: number) => string;
  /** What the chart shows, read by assistive technology in its place. */
  summary: string;
  /** Whole numbers only (counts): the y axis has no ticks between them. */
  integers?: boolean;
  height?: number;
}

/** The y axis' steps for counts: whole numbers only, smallest first. */
const COUNT_STEPS = [1, 1_000, 1_000_000].flatMap((scale) =>
  [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500].map((step) => step * scale),
);

const AXIS = { stroke: "#57534e", grid: { stroke: "#efe9e1", width: 1 }, ticks: { show: false } };

/**
 * A uPlot chart that fills its container's width (and follows it when it resizes). uPlot and its
 * stylesheet load with the first chart, in their own chunk: nothing of them is in any other page.
 * The plotting area is an image to assistive technology, named by `summary`; the figures
 * themselves are in the table beside each chart.
 */
export function SeriesChart({
  labels,
  lines,
  kind,
  format,
  summary,
  integers = false,
  height = 220,
}: SeriesChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "failed">("loading");

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let cancelled = false;
    const observer = new ResizeObserver(() => {
      if (plot && element.clientWidth > 0) plot.setSize({ width: element.clientWidth, height });
    });
    const load = Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]);
    load.then(
      ([module]) => {
        if (cancelled) return;
        const UPlot = module.default;
        const n = labels.length;
        const x = labels.map((_, i) => i);
        // A range without data is drawn from 0 to 1, and only its 0 is labelled (not "$0.01").
        const empty = lines.every((line) => line.values.every((v) => v === 0));
        const bars = (align: -1 | 0 | 1, factor: number) =>
          UPlot.paths.bars?.({ size: [factor, 48], align, gap: 1 });
        plot = new UPlot(
          {
            width: Math.max(element.clientWidth, 200),
            height,
            padding: [12, 12, 0, 4],
            scales: {
              x: { time: false, range: () => [-0.5, n - 0.5] },
              y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
            },
            axes: [
              {
                ...AXIS,
                space: 56,
                values: (_u, splits) =>
                  splits.map((v) => (Number.isInteger(v) ? (labels[v] ?? "") : "")),
              },
              {
                ...AXIS,
                size: 64,
                ...(integers ? { incrs: COUNT_STEPS } : {}),
                values: (_u, splits) => splits.map((v) => (empty && v !== 0 ? "" : format(v))),
              },
            ],
            cursor: { drag: { x: false, y: false } },
            series: [
              { label: "Period", value: (_u, i) => (i === null ? "–" : (labels[i] ?? "–")) },
              ...lines.map((line, index) => ({
                label: line.label,
                stroke: line.color,
                // Bars are filled, not outlined (an outline draws empty buckets as a dashed floor).
                width: kind === "bars" ? 0 : 2,
                dash: kind === "line" ? line.dash : undefined,
                fill: kind === "bars" ? line.color : `${line.color}1a`,
                paths:
                  kind === "bars"
                    ? lines.length === 1
                      ? bars(0, 0.7)
                      : bars(index === 0 ? -1 : 1, 0.4)
                    : undefined,
                points: { show: kind === "line" && n <= 12 },
                value: (_u: uPlot, v: number | null) => (v === null ? "–" : format(v)),
              })),
            ],
          },
          [x, ...lines.map((line) => line.values)],
          element,
        );
        // The plotting area is the image; the live legend under it stays readable as text.
        const wrap = plot.root.querySelector(".u-wrap");
        wrap?.setAttribute("role", "img");
        wrap?.setAttribute("aria-label", summary);
        observer.observe(element);
        setState("ready");
      },
      () => {
        if (!cancelled) setState("failed");
      },
    );
    return () => {
      cancelled = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [labels, lines, kind, format, height, summary, integers]);

  return (
    <div className="relative min-w-0 overflow-hidden" style={{ minHeight: height }}>
      {state === "loading" && <Skeleton className="absolute inset-0 rounded-lg" />}
      {state === "failed" && (
        <p className="absolute inset-0 grid place-items-center text-sm text-muted-foreground">
          The chart could not load; the table has its figures.
        </p>
      )}
      <div ref={container} className="w-full" data-testid="chart" data-state={state} />
    </div>
  );
}
