import { MESSAGES, type User } from "@sawdust/shared";
import { FolderPlus, LoaderCircle, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { useAddToCollection } from "../api/add-to-collection";
import { useCollections } from "../api/get-collections";

export interface CollectionPickerProps {
  imageId: number;
  user: User | null | undefined;
  /** A visitor pressed the button: collections need an account (spec section 5). */
  onNeedAccount: () => void;
}

const triggerLabel = (
  <>
    <FolderPlus aria-hidden />
    Add to collection
  </>
);

/**
 * Add to collection: a visitor is invited to sign up; a member picks one of their collections
 * (fetched only when the picker opens), or follows the link to create one.
 */
export function CollectionPicker({ imageId, user, onNeedAccount }: CollectionPickerProps) {
  const [open, setOpen] = useState(false);
  const collections = useCollections(open && Boolean(user));
  const add = useAddToCollection(imageId);

  if (!user) {
    return (
      <Button variant="outline" size="lg" className="w-full" onClick={onNeedAccount}>
        {triggerLabel}
      </Button>
    );
  }

  const list = collections.data ?? [];
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="lg" className="w-full" disabled={add.isPending}>
          {add.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : triggerLabel}
          {add.isPending && "Adding..."}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-[var(--radix-dropdown-menu-trigger-width)]">
        <DropdownMenuLabel>Your collections</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {collections.isPending ? (
          <p
            role="status"
            className="flex items-center gap-2 px-2.5 py-2 text-sm text-muted-foreground"
          >
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            Loading collections...
          </p>
        ) : list.length === 0 ? (
          // The list failing to load reads the same as having none: there is nothing to pick.
          <p className="px-2.5 py-2 text-sm text-muted-foreground">
            {MESSAGES.collections.pickerEmpty}
          </p>
        ) : (
          list.map((collection) => (
            <DropdownMenuItem
              key={collection.id}
              onSelect={() =>
                add.mutate(collection.id, {
                  onSuccess: () =>
                    toast({ title: MESSAGES.collections.imageAdded, description: collection.name }),
                  onError: (error) =>
                    toast({
                      title: MESSAGES.collections.addFailed,
                      description: isApiRequestError(error) ? error.body : undefined,
                      variant: "destructive",
                    }),
                })
              }
              className="justify-between"
            >
              <span className="truncate">{collection.name}</span>
              {collection.imageCount !== undefined && (
                <span className="text-xs text-muted-foreground">{collection.imageCount}</span>
              )}
            </DropdownMenuItem>
          ))
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={paths.newCollection.getHref()}>
            <Plus aria-hidden />
            New collection
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
