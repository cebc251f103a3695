import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface TableScrollProps {
  /** What the table lists: the region's accessible name. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * The box a wide table scrolls sideways in, so a phone's page never widens: a named region that
 * takes keyboard focus (arrow keys scroll it), and the containing block of the table's
 * visually hidden text.
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
      tabIndex={0}
      className={cn(
        "relative overflow-x-auto rounded-xl border bg-card shadow-sm focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      {children}
    </section>
  );
}
