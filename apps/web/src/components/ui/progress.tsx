import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

type ProgressProps = Omit<ComponentProps<"div">, "role" | "children"> & {
  /** 0–100; values outside are clamped. */
  value: number;
  /** Read out instead of the bare percentage, e.g. "40%, 1 of 3 images uploaded". */
  valueText?: string;
};

/** A determinate progress bar that assistive technology reads as one. */
export function Progress({ value, valueText, className, ...props }: ProgressProps) {
  const percent = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
      className={cn("relative h-2 w-full overflow-hidden rounded-full bg-secondary", className)}
      {...props}
    >
      <div
        className="h-full rounded-full bg-brand transition-[width] duration-200 ease-out motion-reduce:transition-none"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
