import { DOWNLOAD_SIZES, groupDigits, type Image, MESSAGES } from "@sawdust/shared";
import { Pencil, ShieldCheck, Trash2 } from "lucide-react";
import { type Ref, useId, useState } from "react";
import { SoldEditionsNote } from "@/components/artwork/sold-editions-note";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { useDeleteImage } from "@/lib/api/delete-image";
import { isApiRequestError } from "@/lib/api-client";
import { useSetImageVisibility } from "../api/set-image-visibility";
import { DOWNLOAD_SIZE_ORDER } from "../download-access";

export interface AdminControlsProps {
  image: Image;
  editing: boolean;
  onEdit: () => void;
  /** The image is gone: close the dialog (before the cache forgets it). */
  onDeleted: () => void;
  /** Focus comes back to the Edit button when edit mode ends. */
  editButtonRef?: Ref<HTMLButtonElement>;
}

function failure(title: string, error: Error, fallback: string) {
  toast({
    title,
    description: isApiRequestError(error) && error.body ? error.body : fallback,
    variant: "destructive",
  });
}

/** The admin's tools (spec section 2): edit, visibility, delete, and downloads per quality. */
export function AdminControls({
  image,
  editing,
  onEdit,
  onDeleted,
  editButtonRef,
}: AdminControlsProps) {
  const switchId = useId();
  const [confirming, setConfirming] = useState(false);
  const visibility = useSetImageVisibility(image.id);
  const remove = useDeleteImage();

  function toggleVisibility() {
    const isPublic = !image.isPublic;
    visibility.mutate(isPublic, {
      onSuccess: () =>
        toast({ title: isPublic ? MESSAGES.imageDetail.madeVisible : MESSAGES.imageDetail.hidden }),
      onError: (error) =>
        failure(MESSAGES.images.errorTitle, error, MESSAGES.imageDetail.visibilityFailed),
    });
  }

  function confirmDelete() {
    remove.mutate(image.id, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: MESSAGES.images.deleted });
        onDeleted();
      },
      onError: (error) => failure(MESSAGES.images.errorTitle, error, MESSAGES.images.deleteFailed),
    });
  }

  return (
    <section
      aria-labelledby={`${switchId}-heading`}
      className="grid gap-5 rounded-xl border border-dashed border-input bg-muted/40 p-4"
    >
      <h3
        id={`${switchId}-heading`}
        className="flex items-center gap-2 text-xs font-semibold uppercase tracking-widest text-muted-foreground"
      >
        <ShieldCheck className="size-4" aria-hidden />
        Admin
      </h3>

      <div className="flex flex-wrap gap-2">
        <Button ref={editButtonRef} variant="outline" size="sm" onClick={onEdit} disabled={editing}>
          <Pencil aria-hidden />
          Edit details
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>

      <div className="flex items-center justify-between gap-4">
        <div>
          <label htmlFor={switchId} className="text-sm font-medium">
            Public
          </label>
          <p className="text-xs text-muted-foreground">
            {image.isPublic ? "Shown in the gallery to everyone." : "Hidden from the gallery."}
          </p>
        </div>
        <Switch
          id={switchId}
          checked={image.isPublic}
          disabled={visibility.isPending}
          onCheckedChange={toggleVisibility}
        />
      </div>

      {image.downloadStats && (
        <div>
          <p className="mb-2 text-sm font-medium">Downloads by quality</p>
          <dl className="grid grid-cols-5 overflow-hidden rounded-lg border bg-card text-center">
            {DOWNLOAD_SIZE_ORDER.map((size) => (
              <div key={size} className="border-l px-1 py-2 first:border-l-0">
                <dt className="text-[0.7rem] text-muted-foreground">
                  {DOWNLOAD_SIZES[size].label}
                </dt>
                <dd className="font-semibold tabular-nums">
                  {image.downloadStats && groupDigits(image.downloadStats[size])}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={MESSAGES.images.adminDeleteConfirmTitle}
        description={MESSAGES.images.adminDeleteConfirmText}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        {image.soldEditions > 0 && <SoldEditionsNote sold={image.soldEditions} />}
      </ConfirmDialog>
    </section>
  );
}
