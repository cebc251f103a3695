import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

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
      <h2 className="flex items-center gap-2 p-6 pb-4 font-display text-xl font-semibold leading-tight tracking-tight">
        {icon}
        {title}
      </h2>
      <div className="px-6 pb-6">{children}</div>
      {footer && <div className="flex items-center px-6 pb-6">{footer}</div>}
    </section>
  );
}
