import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { type ComponentProps, useRef } from "react";
import { focusMainContent } from "@/lib/main-content";
import { cn } from "@/lib/utils";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn("fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px]", className)}
      {...props}
    />
  );
}

/**
 * The dialog's box. Closing it gives focus back to what had it when it opened, as a trigger would:
 * most of the app's dialogs are opened from state (a menu item, a row's button, another dialog),
 * with no trigger for Radix to return to, and a keyboard user was left on the page's body. A
 * caller's own `onCloseAutoFocus` that prevents the default still decides. When the opener is gone
 * from the page (a row or collection just deleted), focus goes to the page's main region, so the
 * next Tab continues from the page rather than from the top of the document.
 */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ref,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const opener = useRef<Element | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  // Read while the box is not on the page yet: once it is, a field with autoFocus inside may have
  // taken the focus (and Radix then reports no opening focus at all).
  if (!box.current?.isConnected && typeof document !== "undefined") {
    opener.current = document.activeElement;
  }
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2",
          "-translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-card p-6 shadow-xl",
          className,
        )}
        ref={(node) => {
          box.current = node;
          if (typeof ref === "function") ref(node);
          else if (ref) ref.current = node;
        }}
        onOpenAutoFocus={onOpenAutoFocus}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const back = opener.current;
          if (event.defaultPrevented || !(back instanceof HTMLElement) || back === document.body) {
            return;
          }
          if (back.isConnected) {
            event.preventDefault();
            back.focus();
          } else if (focusMainContent()) {
            event.preventDefault();
          }
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          aria-label="Close"
          className="absolute right-4 top-4 rounded-md p-1 text-muted-foreground hover:text-foreground"
        >
          <X className="size-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn("flex flex-col gap-1.5 text-left", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("text-lg font-semibold leading-none tracking-tight", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn("text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}
