import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

/**
 * Narrower than 18rem (the plan page's cards measure themselves against its card grid, an
 * `@container`): a phone's width with the browser's text at 150% or more (18rem is 288 px at the
 * usual size, under any phone's), where 24 px (1.5rem) each side would leave words too little room
 * and break them part-way ("Commerci / al").
 */
export const NARROW = "@max-[18rem]:px-4";

/**
 * A card of the plan page: a titled section. (Not ui/card: that would become one more shared chunk
 * whose name the first download carries for its lazy routes.)
 */
export function Panel({
  title,
  icon,
  footer,
  children,
  className,
  ...props
}: ComponentProps<"section"> & { title: string; icon?: ReactNode; footer?: ReactNode }) {
  return (
    <section
      className={cn("rounded-xl border bg-card text-card-foreground shadow-sm", className)}
      {...props}
    >
      <h2
        className={cn(
          "flex items-center gap-2 p-6 pb-4 font-display text-xl font-semibold leading-tight tracking-tight",
          NARROW,
        )}
      >
        {icon}
        {title}
      </h2>
      <div className={cn("px-6 pb-6", NARROW)}>{children}</div>
      {footer && <div className={cn("flex items-center px-6 pb-6", NARROW)}>{footer}</div>}
    </section>
  );
}
