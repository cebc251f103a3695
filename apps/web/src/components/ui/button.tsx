import { Slot } from "@radix-ui/react-slot";
import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps, MouseEvent } from "react";
import { useFocusKeptWhenDisabled } from "@/lib/keep-focus";
import { cn } from "@/lib/utils";

export const buttonVariants = cva(
  [
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm",
    "font-medium transition-colors disabled:pointer-events-none disabled:opacity-60",
    "aria-disabled:pointer-events-none aria-disabled:opacity-60",
    "[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  ],
  {
    variants: {
      variant: {
        default: "bg-primary text-primary-foreground shadow-sm hover:bg-primary/85",
        brand: "bg-brand text-brand-foreground shadow-sm hover:bg-brand-strong",
        destructive: "bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90",
        outline: "border border-input bg-card shadow-sm hover:bg-accent",
        secondary: "bg-secondary text-secondary-foreground hover:bg-secondary/70",
        ghost: "hover:bg-accent hover:text-accent-foreground",
        link: "text-foreground underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 px-4 py-2",
        sm: "h-9 px-3",
        lg: "h-11 px-6 text-base",
        icon: "size-10",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (a link, usually) with the button's look. */
    asChild?: boolean;
  };

/**
 * A button; one disabled while it has the keyboard's focus (its own request pending: Save, Apply,
 * Delete) stays focusable, `aria-disabled` and refusing clicks, rather than `disabled`: a focused
 * element the browser disables drops the focus to <body>, and a keyboard user starts again from
 * the top of the page.
 */
export function Button({
  className,
  variant,
  size,
  asChild = false,
  disabled,
  onClick,
  ref,
  ...props
}: ButtonProps) {
  const Component = asChild ? Slot : "button";
  const kept = useFocusKeptWhenDisabled(disabled, ref);
  const focused = kept.keepsFocus;
  return (
    <Component
      ref={kept.ref}
      className={cn(buttonVariants({ variant, size }), className)}
      disabled={focused ? undefined : disabled}
      aria-disabled={focused || undefined}
      onClick={focused ? (event: MouseEvent<HTMLButtonElement>) => event.preventDefault() : onClick}
      {...props}
    />
  );
}
