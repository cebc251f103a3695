import { type Image, MESSAGES } from "@sawdust/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { type ImageDetailsInput, useUpdateImage } from "../api/update-image";

export interface EditDetailsFormProps {
  image: Image;
  /** Leaves edit mode: after Cancel, or once the save has landed. */
  onDone: () => void;
}

/**
 * The admin's edit mode (spec section 2): title, description, and style and tags as
 * comma-separated text. A save updates the open dialog and every list at once.
 */
export function EditDetailsForm({ image, onDone }: EditDetailsFormProps) {
  const id = useId();
  const update = useUpdateImage(image.id);
  const [values, setValues] = useState<ImageDetailsInput>({
    title: image.aiAnalysis.title ?? "",
    description: image.aiAnalysis.description ?? "",
    style: image.style ?? "",
    tags: image.tags.join(", "),
  });
  const set = (field: keyof ImageDetailsInput) => (value: string) =>
    setValues((was) => ({ ...was, [field]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(values, {
      onSuccess: () => {
        toast({ title: MESSAGES.imageDetail.detailsUpdated });
        onDone();
      },
      onError: (error) =>
        toast({
          title: MESSAGES.images.errorTitle,
          description:
            isApiRequestError(error) && error.body ? error.body : MESSAGES.images.updateFailed,
          variant: "destructive",
        }),
    });
  }

  return (
    <form
      onSubmit={submit}
      // Scrolling to a focused field leaves room for the floating close button above it.
      className="grid gap-4 [&_input]:scroll-mt-16 [&_textarea]:scroll-mt-16"
      aria-label="Edit image details"
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-title`}>Title</Label>
        <Input
          id={`${id}-title`}
          value={values.title}
          onChange={(event) => set("title")(event.target.value)}
          // Entering edit mode moves the keyboard here, wherever the Edit button was.
          autoFocus
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea
          id={`${id}-description`}
          rows={4}
          value={values.description}
          onChange={(event) => set("description")(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-style`}>Style</Label>
        <Input
          id={`${id}-style`}
          value={values.style}
          placeholder="e.g. digital art, surrealism"
          aria-describedby={`${id}-comma`}
          onChange={(event) => set("style")(event.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-tags`}>Tags</Label>
        <Input
          id={`${id}-tags`}
          value={values.tags}
          placeholder="e.g. landscape, dusk, ocean"
          aria-describedby={`${id}-comma`}
          onChange={(event) => set("tags")(event.target.value)}
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
