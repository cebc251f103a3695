import { type Collection, MESSAGES, type User } from "@sawdust/shared";
import { Check, FolderPlus, LoaderCircle, Plus, RotateCw } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
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
import { useCollections } from "@/lib/api/get-collections";
import { isApiRequestError } from "@/lib/api-client";
import { useAddToCollection } from "../api/add-to-collection";
import { useCollectionsHolding } from "../api/get-collections-holding";

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

const note = "px-2.5 py-2 text-sm text-muted-foreground";

/**
 * With large text on a phone the label wraps and the button grows taller, instead of pushing the
 * dialog wider than the screen. `whitespace-pre-line` wraps this text as `normal` would, and is a
 * class the app already has: a new one would grow the class list every page loads first.
 */
const TRIGGER_CLASSES = "h-auto w-full whitespace-pre-line py-2.5 text-center";

/**
 * Add to collection (spec section 2, "Other dialogs"): a visitor is told to sign in and invited to
 * sign up; a member picks one of their collections (fetched only when the picker opens), those that
 * already hold the image marked, or follows the link to create one.
 */
export function CollectionPicker({ imageId, user, onNeedAccount }: CollectionPickerProps) {
  const [open, setOpen] = useState(false);
  const hintId = useId();
  const collections = useCollections({ enabled: open && Boolean(user) });
  const holding = useCollectionsHolding(imageId, collections.data, open && Boolean(user));
  const add = useAddToCollection(imageId);
  const menu = useRef<HTMLDivElement>(null);
  // Whether the keyboard opened the menu (a pointer's open leaves the items unfocused).
  const openedByKeyboard = useRef(false);
  const loaded = !collections.isPending;

  // A menu opened from the keyboard focuses its first item, but this one's items come a moment
  // later: until then the menu itself holds the focus, so hand it on to the first item then.
  useEffect(() => {
    if (!open || !loaded || !openedByKeyboard.current) return;
    const list = menu.current;
    if (list && document.activeElement === list) {
      list.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    }
  }, [open, loaded]);

  if (!user) {
    return (
      <div className="grid gap-1.5">
        <Button
          variant="outline"
          size="lg"
          className={TRIGGER_CLASSES}
          aria-describedby={user === null ? hintId : undefined}
          onClick={onNeedAccount}
        >
          {triggerLabel}
        </Button>
        {/* Only once the session is known to be a visitor's: no flash for members. */}
        {user === null && (
          <p id={hintId} className="text-center text-xs text-muted-foreground">
            {MESSAGES.collections.pickerSignedOut}
          </p>
        )}
      </div>
    );
  }

  function addTo(collection: Collection) {
    add.mutate(collection.id, {
      onSuccess: ({ added }) =>
        toast({
          title: added ? MESSAGES.collections.imageAdded : MESSAGES.collections.imageAlreadyAdded,
          description: collection.name,
        }),
      onError: (error) =>
        toast({
          title: MESSAGES.collections.addFailed,
          description: isApiRequestError(error) && error.body ? error.body : undefined,
          variant: "destructive",
        }),
    });
  }

  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger
        asChild
        onKeyDown={() => {
          openedByKeyboard.current = true;
        }}
        onPointerDown={() => {
          openedByKeyboard.current = false;
        }}
      >
        {/* Never disabled while adding: the keyboard would lose its place when the menu closes. */}
        <Button variant="outline" size="lg" className={TRIGGER_CLASSES} aria-busy={add.isPending}>
          {add.isPending ? (
            <>
              <LoaderCircle className="animate-spin" aria-hidden />
              Adding...
            </>
          ) : (
            triggerLabel
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        ref={menu}
        align="start"
        className="max-h-[min(22rem,var(--radix-dropdown-menu-content-available-height))] w-[var(--radix-dropdown-menu-trigger-width)] overflow-y-auto"
      >
        <DropdownMenuLabel>Your collections</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {collections.isPending ? (
          <p role="status" className={`flex items-center gap-2 ${note}`}>
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            Loading collections...
          </p>
        ) : collections.isError ? (
          <>
            <p role="alert" className={note}>
              {MESSAGES.collections.listErrorText}
            </p>
            <DropdownMenuItem
              onSelect={(event) => {
                event.preventDefault();
                void collections.refetch();
              }}
            >
              <RotateCw aria-hidden />
              Try again
            </DropdownMenuItem>
          </>
        ) : collections.data.length === 0 ? (
          <p className={note}>{MESSAGES.collections.pickerEmpty}</p>
        ) : (
          collections.data.map((collection) => (
            <DropdownMenuItem
              key={collection.id}
              onSelect={() => addTo(collection)}
              data-holds-image={holding.has(collection.id) || undefined}
            >
              {holding.has(collection.id) ? (
                <Check aria-hidden />
              ) : (
                <span aria-hidden className="size-4 shrink-0" />
              )}
              <span className="min-w-0 flex-1 truncate">
                {collection.name}
                {holding.has(collection.id) && (
                  <span className="sr-only">, {MESSAGES.collections.holdsImage}</span>
                )}
              </span>
              <span className="shrink-0 text-xs text-muted-foreground">
                {collection.imageCount}
                <span className="sr-only"> {collection.imageCount === 1 ? "image" : "images"}</span>
              </span>
            </DropdownMenuItem>
          ))
        )}
        {/* Not while loading: a menu opened from the keyboard focuses its first item, and this
            one would keep the focus when the collections came in above it (round 25). */}
        {!collections.isPending && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem asChild>
              <Link to={paths.newCollection.getHref()}>
                <Plus aria-hidden />
                New collection
              </Link>
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
