import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** A destructive action gets the red button. */
  destructive?: boolean;
  pending?: boolean;
  onConfirm: () => void;
  /** Where focus goes on close, when not back to the opener (say, an action that is gone now). */
  onCloseAutoFocus?: (event: Event) => void;
  /** What else to know before answering, under the question and announced with it. */
  children?: ReactNode;
}

/**
 * A yes/no question before an action that cannot be taken back. It is an alertdialog, and Cancel
 * comes first so that it takes the focus: Enter alone never confirms a deletion.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  destructive = false,
  pending = false,
  onConfirm,
  onCloseAutoFocus,
  children,
}: ConfirmDialogProps) {
  const moreId = useId();
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        className="max-w-md"
        onCloseAutoFocus={onCloseAutoFocus}
        aria-describedby={children ? moreId : undefined}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children && <div id={moreId}>{children}</div>}
        <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? "destructive" : "default"}
            disabled={pending}
            onClick={onConfirm}
          >
            {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
