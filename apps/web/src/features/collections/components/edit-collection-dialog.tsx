import { type Collection, type CollectionUpdateBody, MESSAGES } from "@sawdust/shared";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { useUpdateCollection } from "../api/update-collection";
import { collectionEditResolver } from "../collection-form";
import { CollectionFields } from "./collection-fields";

export interface EditCollectionDialogProps {
  /** The collection being edited; the dialog is open while there is one (spec section 4). */
  collection: Collection | null;
  onClose: () => void;
}

/** Renames a collection or changes its description; closed by Cancel or a successful save. */
export function EditCollectionDialog({ collection, onClose }: EditCollectionDialogProps) {
  const update = useUpdateCollection();
  return (
    <Dialog
      open={collection !== null}
      onOpenChange={(open) => !open && !update.isPending && onClose()}
    >
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit collection</DialogTitle>
          <DialogDescription>Change its name or description.</DialogDescription>
        </DialogHeader>
        {/* Keyed by collection: each opening starts from the collection's saved values. */}
        {collection && (
          <EditForm key={collection.id} collection={collection} update={update} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EditForm({
  collection,
  update,
  onClose,
}: {
  collection: Collection;
  update: ReturnType<typeof useUpdateCollection>;
  onClose: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: collectionEditResolver,
    defaultValues: { name: collection.name, description: collection.description ?? "" },
    // A message stays until the next try, as the server's refusal does.
    reValidateMode: "onSubmit",
  });

  function save(body: CollectionUpdateBody) {
    update.mutate(
      { id: collection.id, body },
      {
        onSuccess: () => {
          toast({ title: MESSAGES.collections.updated });
          onClose();
        },
        onError: (error) =>
          toast({
            title: MESSAGES.collections.updateFailed,
            // A refused name (too long, say) says why; anything else needs no more words.
            description: isApiRequestError(error) && error.status < 500 ? error.body : undefined,
            variant: "destructive",
          }),
      },
    );
  }

  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={handleSubmit(save)}
      aria-label="Edit collection"
    >
      <CollectionFields
        name={register("name")}
        description={register("description")}
        errors={{ name: errors.name?.message, description: errors.description?.message }}
        disabled={update.isPending}
        autoFocus
      />
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" disabled={update.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" variant="brand" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
