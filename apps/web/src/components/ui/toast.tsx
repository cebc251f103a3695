import * as ToastPrimitives from "@radix-ui/react-toast";
import { TOASTS } from "@sawdust/shared";
import { cva, type VariantProps } from "class-variance-authority";
import { X } from "lucide-react";
import type { ComponentProps, CSSProperties, ReactElement } from "react";
import { cn } from "@/lib/utils";

export const ToastProvider = ToastPrimitives.Provider;

const viewportMaxWidth = { "--toast-max-width": `${TOASTS.maxWidthPx}px` } as CSSProperties;

export function ToastViewport({
  className,
  style,
  ...props
}: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      // On a phone, at the top under the header: over the header a toast hid its menu and account
      // button, at the bottom the image detail's Download, Share and Add to collection. From the
      // small breakpoint up, at the bottom right.
      className={cn(
        "fixed top-16 z-[100] flex max-h-screen w-full flex-col-reverse p-4",
        "sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[var(--toast-max-width)]",
        className,
      )}
      style={{ ...viewportMaxWidth, ...style }}
      data-toast-viewport=""
      {...props}
    />
  );
}

const toastVariants = cva(
  [
    "group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden",
    "rounded-lg border p-5 pr-8 shadow-lg transition-all",
    "data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]",
    "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none",
    "data-[state=closed]:opacity-0 data-[state=open]:opacity-100",
  ],
  {
    variants: {
      variant: {
        default: "border-border bg-card text-card-foreground",
        destructive:
          "destructive group border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type ToastProps = ComponentProps<typeof ToastPrimitives.Root> &
  VariantProps<typeof toastVariants>;

export function Toast({ className, variant, onEscapeKeyDown, ...props }: ToastProps) {
  return (
    <ToastPrimitives.Root
      className={cn(toastVariants({ variant }), className)}
      onEscapeKeyDown={(event) => {
        onEscapeKeyDown?.(event);
        if (!event.defaultPrevented) handEscapeOn();
      }}
      {...props}
    />
  );
}

/** Radix's event when its layers change (a toast's layer gone), after which each finds its place. */
const LAYERS_CHANGED = "dismissableLayer.update";

/**
 * Escape pressed with the focus outside the toasts, in a menu or a dialog (a share menu's "Copy
 * link" shows a toast): Radix gives the key to the newest layer, the toast, which closes, and the
 * menu the person was in stayed open for a second Escape (round 44). Once the toast's layer has
 * gone and the others have found their places (a render, then the highest one listens for the
 * key again), the key is handed on to where the focus still is.
 */
function handEscapeOn() {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || focused === document.body) return;
  if (focused.closest("[data-toast-viewport]")) return;
  const handOn = () => {
    clearTimeout(giveUp);
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (document.activeElement !== focused) return;
        focused.dispatchEvent(
          new KeyboardEvent("keydown", {
            key: "Escape",
            code: "Escape",
            bubbles: true,
            // So the layer that takes it can mark it handled (the detail dialog asks, image-detail-dialog.tsx).
            cancelable: true,
          }),
        );
      }, 0),
    );
  };
  // A toast that did not close after all changes no layer: nothing is handed on later.
  const giveUp = setTimeout(() => document.removeEventListener(LAYERS_CHANGED, handOn), 1000);
  document.addEventListener(LAYERS_CHANGED, handOn, { once: true });
}

export function ToastAction({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      className={cn(
        "inline-flex h-8 shrink-0 items-center justify-center rounded-md border bg-transparent px-3",
        "text-sm font-medium transition-colors hover:bg-secondary",
        "group-[.destructive]:border-white/40 group-[.destructive]:hover:bg-white/10",
        className,
      )}
      {...props}
    />
  );
}

export type ToastActionElement = ReactElement<typeof ToastAction>;

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      aria-label="Close"
      className={cn(
        "absolute right-2 top-2 rounded-md p-1 text-foreground/60 transition-colors",
        "hover:text-foreground group-[.destructive]:text-white/80 group-[.destructive]:hover:text-white",
        className,
      )}
      toast-close=""
      {...props}
    >
      <X className="size-4" aria-hidden />
    </ToastPrimitives.Close>
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn("text-sm font-semibold", className)} {...props} />;
}

export function ToastDescription({
  className,
  ...props
}: ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn("text-sm opacity-90", className)} {...props} />;
}
