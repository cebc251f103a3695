import { zodResolver } from "@hookform/resolvers/zod";
import { changedImagePatch, type Image, type ImagePatchBody, MESSAGES } from "@sawdust/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { LoaderCircle, RotateCw } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { imageQueryOptions } from "@/lib/api/get-image";
import { isApiRequestError } from "@/lib/api-client";
import { firstErrorMessage } from "@/lib/form-errors";
import { type EditableImage, editableImageQueryOptions } from "../api/get-editable-image";
import { useUpdateImage, ZImageDetailsForm } from "../api/update-image";

export interface EditDetailsFormProps {
  image: Image;
  /** Leaves edit mode: after Cancel, or once the save has landed. */
  onDone: () => void;
}

function showRefusal(description: string) {
  toast({ title: MESSAGES.images.errorTitle, description, variant: "destructive" });
}

/** The form's fields as the stored image fills them. */
function formValuesOf(image: Image) {
  return {
    title: image.aiAnalysis.title ?? "",
    description: image.aiAnalysis.description ?? "",
    style: image.style ?? "",
    tags: image.tags.join(", "),
  };
}

/**
 * The admin's edit mode (spec section 2): title, description, and style and tags as
 * comma-separated text. It starts from the image as stored now and its version, not from the
 * dialog's copy, which another admin's save may have overtaken (README "Settings").
 */
export function EditDetailsForm({ image, onDone }: EditDetailsFormProps) {
  const queryClient = useQueryClient();
  const editable = useQuery(editableImageQueryOptions(image.id));

  // The dialog behind the form catches up too, so Cancel shows the image as it is now.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: imageQueryOptions(image.id).queryKey });
  }, [queryClient, image.id]);

  if (editable.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <LoaderCircle className="size-4 animate-spin" aria-hidden />
        Loading...
      </p>
    );
  }
  if (editable.isError) {
    return (
      <div role="alert" className="grid gap-3 text-sm">
        <p>{MESSAGES.imageDetail.fetchOneFailed}</p>
        <div className="flex gap-2">
          <Button type="button" variant="outline" onClick={() => void editable.refetch()}>
            <RotateCw aria-hidden />
            Try again
          </Button>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }
  return (
    <DetailsForm
      opened={editable.data}
      reload={async () => (await editable.refetch()).data}
      onDone={onDone}
    />
  );
}

/**
 * The form itself. A save sends only the fields changed here, naming the version the form was
 * made from, so it never undoes another admin's save: one that came in between is refused (412),
 * said beside the Save button, with a reload that keeps what was typed. The body is checked with
 * the server's schema first; other refusals read as the server's would, in a toast.
 */
function DetailsForm({
  opened,
  reload,
  onDone,
}: {
  opened: EditableImage;
  /** Reads the image again, with its version. */
  reload: () => Promise<EditableImage | undefined>;
  onDone: () => void;
}) {
  const id = useId();
  const update = useUpdateImage(opened.image.id);
  // The version the form's values were made from, kept apart from the query's latest.
  const [version, setVersion] = useState(opened.version);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [reloading, setReloading] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { dirtyFields },
  } = useForm({
    resolver: zodResolver(ZImageDetailsForm),
    defaultValues: formValuesOf(opened.image),
    shouldFocusError: false,
  });

  function saved() {
    toast({ title: MESSAGES.imageDetail.detailsUpdated });
    onDone();
  }

  function save(whole: ImagePatchBody) {
    const body = changedImagePatch(whole, dirtyFields);
    // Nothing changed: nothing to send, and nothing to undo.
    if (Object.keys(body).length === 0) return saved();
    update.mutate(
      { body, version },
      {
        onSuccess: saved,
        onError: (error) => {
          if (isApiRequestError(error) && error.status === 412) {
            setChangedElsewhere(true);
            return;
          }
          showRefusal(
            isApiRequestError(error) && error.body ? error.body : MESSAGES.images.updateFailed,
          );
        },
      },
    );
  }

  /** The image as it is now under what the admin typed: changed fields keep their text. */
  async function reloadImage() {
    setReloading(true);
    try {
      const latest = await reload();
      if (!latest) return;
      reset(formValuesOf(latest.image), { keepDirtyValues: true });
      setVersion(latest.version);
      setChangedElsewhere(false);
    } finally {
      setReloading(false);
    }
  }

  return (
    <form
      onSubmit={handleSubmit(save, (errors) =>
        showRefusal(firstErrorMessage(errors) ?? MESSAGES.images.updateFailed),
      )}
      // Scrolling to a focused field leaves room for the floating close button above it.
      className="grid gap-4 [&_input]:scroll-mt-16 [&_textarea]:scroll-mt-16"
      aria-label="Edit image details"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          {...register("title")}
          // Entering edit mode moves the keyboard here, wherever the Edit button was.
          autoFocus
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea id={`${id}-description`} rows={4} {...register("description")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-style`}>Style</Label>
        <Input
          id={`${id}-style`}
          {...register("style")}
          placeholder="e.g. digital art, surrealism"
          aria-describedby={`${id}-comma`}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tags`}>Tags</Label>
        <Input
          id={`${id}-tags`}
          {...register("tags")}
          placeholder="e.g. landscape, dusk, ocean"
          aria-describedby={`${id}-comma`}
        />
        <p id={`${id}-comma`} className="text-xs text-muted-foreground">
          Separate styles and tags with commas.
        </p>
      </div>
      {changedElsewhere && (
        <div
          role="alert"
          data-testid="changed-elsewhere"
          className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm"
        >
          <p>{MESSAGES.adminImages.changedElsewhere}</p>
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={reloading}
              onClick={() => void reloadImage()}
            >
              {MESSAGES.adminImages.reloadImage}
            </Button>
          </div>
        </div>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="brand" disabled={update.isPending || reloading}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
        <Button type="button" variant="outline" disabled={update.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
