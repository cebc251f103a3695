import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-20 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-sm",
        "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 md:text-sm",
        "transition-colors focus-visible:border-ring",
        className,
      )}
      {...props}
    />
  );
}
