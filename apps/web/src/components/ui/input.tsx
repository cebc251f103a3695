import type { ComponentProps } from "react";
import { useFocusKeptWhenDisabled } from "@/lib/keep-focus";
import { cn } from "@/lib/utils";

/**
 * A text field; one disabled while it has the focus (its form being saved after Enter) is read-only
 * and `aria-disabled` instead, keeping the focus (useFocusKeptWhenDisabled).
 */
export function Input({
  className,
  type = "text",
  disabled,
  readOnly,
  ref,
  ...props
}: ComponentProps<"input">) {
  const kept = useFocusKeptWhenDisabled(disabled, ref);
  return (
    <input
      ref={kept.ref}
      type={type}
      className={cn(
        "flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-sm",
        "placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 md:text-sm",
        "aria-disabled:opacity-60",
        "transition-colors focus-visible:border-ring",
        className,
      )}
      disabled={kept.keepsFocus ? undefined : disabled}
      readOnly={kept.keepsFocus || readOnly}
      aria-disabled={kept.keepsFocus || undefined}
      {...props}
    />
  );
}
