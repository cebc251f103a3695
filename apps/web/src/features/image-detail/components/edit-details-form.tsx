import { zodResolver } from "@hookform/resolvers/zod";
import { type Image, type ImagePatchBody, MESSAGES } from "@sawdust/shared";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { firstErrorMessage } from "@/lib/form-errors";
import { useUpdateImage, ZImageDetailsForm } from "../api/update-image";

export interface EditDetailsFormProps {
  image: Image;
  /** Leaves edit mode: after Cancel, or once the save has landed. */
  onDone: () => void;
}

function showRefusal(description: string) {
  toast({ title: MESSAGES.images.errorTitle, description, variant: "destructive" });
}

/**
 * The admin's edit mode (spec section 2): title, description, and style and tags as
 * comma-separated text. A save updates the open dialog and every list at once. The body is checked
 * with the server's schema first; a refusal reads as the server's would, in a toast.
 */
export function EditDetailsForm({ image, onDone }: EditDetailsFormProps) {
  const id = useId();
  const update = useUpdateImage(image.id);
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(ZImageDetailsForm),
    defaultValues: {
      title: image.aiAnalysis.title ?? "",
      description: image.aiAnalysis.description ?? "",
      style: image.style ?? "",
      tags: image.tags.join(", "),
    },
    shouldFocusError: false,
  });

  function save(body: ImagePatchBody) {
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: MESSAGES.imageDetail.detailsUpdated });
        onDone();
      },
      onError: (error) =>
        showRefusal(
          isApiRequestError(error) && error.body ? error.body : MESSAGES.images.updateFailed,
        ),
    });
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
      <div className="flex gap-2">
        <Button type="submit" variant="brand" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save"}
        </Button>
        <Button type="button" variant="outline" disabled={update.isPending} onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
