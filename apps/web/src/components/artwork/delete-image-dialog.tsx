import { MESSAGES } from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { useDeleteImage } from "@/lib/api/delete-image";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { isApiRequestError } from "@/lib/api-client";
import { SoldEditionsNote } from "./sold-editions-note";

/**
 * Deleting from the tile: toasts the outcome and refreshes every image list. A failure shows the
 * server's message, else 'Failed to delete image' (spec section 8).
 */
function useDeleteFromTile(onDeleted: (imageId: number) => void) {
  const queryClient = useQueryClient();
  return useDeleteImage({
    onSuccess: async (_, imageId) => {
      toast({ title: MESSAGES.images.deleted });
      onDeleted(imageId);
      await queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY });
    },
    onError: (error) => {
      toast({
        title: MESSAGES.images.errorTitle,
        description: (isApiRequestError(error) && error.body) || MESSAGES.images.deleteFailed,
        variant: "destructive",
      });
    },
  });
}

export interface DeleteImageDialogProps {
  imageId: number;
  /** The image's title, so the admin knows which one goes. */
  title: string;
  /** Editions of it sold: the dialog then says their sales and certificates are kept. */
  soldEditions?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (imageId: number) => void;
  /** Radix's: prevent it to place the focus elsewhere than on the opener (gone with the image). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The delete-image confirmation (spec section 5: "Delete image asks for confirmation"). */
export function DeleteImageDialog({
  imageId,
  title,
  soldEditions = 0,
  open,
  onOpenChange,
  onDeleted,
  onCloseAutoFocus,
}: DeleteImageDialogProps) {
  const noteId = useId();
  const deletion = useDeleteFromTile((id) => {
    onOpenChange(false);
    onDeleted?.(id);
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !deletion.isPending && onOpenChange(next)}>
      <DialogContent
        role="alertdialog"
        className="max-w-md"
        aria-describedby={soldEditions > 0 ? noteId : undefined}
        onCloseAutoFocus={onCloseAutoFocus}
      >
        <DialogHeader>
          <DialogTitle>{MESSAGES.images.adminDeleteConfirmTitle}</DialogTitle>
          <DialogDescription>{MESSAGES.images.adminDeleteConfirmText}</DialogDescription>
        </DialogHeader>
        <p dir="auto" className="truncate rounded-md bg-muted px-3 py-2 text-sm font-medium">
          {title}
        </p>
        {soldEditions > 0 && <SoldEditionsNote id={noteId} sold={soldEditions} />}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline" disabled={deletion.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={deletion.isPending}
            onClick={() => deletion.mutate(imageId)}
          >
            {deletion.isPending && <Spinner className="text-current" label="Deleting" />}
            Delete
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
