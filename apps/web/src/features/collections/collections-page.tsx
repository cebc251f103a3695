import {
  type Collection,
  collectionLimitOf,
  isMember,
  MESSAGES,
  principalOf,
} from "@sawdust/shared";
import { FolderPlus, Plus } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useCollections } from "@/lib/api/get-collections";
import { useUser } from "@/lib/api/get-current-user";
import { useSite } from "@/lib/api/get-site";
import { useDocumentTitle } from "@/lib/document-title";
import { useDeleteCollection } from "./api/delete-collection";
import { CollectionCard, CollectionCardSkeleton } from "./components/collection-card";
import { EditCollectionDialog } from "./components/edit-collection-dialog";

const SKELETON_CARDS = 6;
/** Cards in the first rows load their covers at once. */
const EAGER_COVERS = 6;

const GRID = "grid gap-5 sm:grid-cols-2 lg:grid-cols-3";

/** /collections: the member's collections as cards, each with Edit and Delete (spec section 2). */
export function CollectionsPage() {
  const collections = useCollections();
  const { data: user } = useUser();
  const [editing, setEditing] = useState<Collection | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const remove = useDeleteCollection();
  useDocumentTitle("Collections");
  // A deleted collection's card takes its Delete button with it: focus then goes to the page's
  // heading rather than to the top of the document.
  const heading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);
  const principal = principalOf(user);
  // The free plan's limit, shown with the count; null for whoever has none.
  const freeLimit = useSite().site.freeTier.collections;
  const limit = isMember(principal) ? collectionLimitOf(principal, freeLimit) : null;

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: MESSAGES.collections.deleted, description: deleting.name });
        deleted.current = true;
        setDeleting(null);
      },
      onError: () => {
        toast({ title: MESSAGES.collections.deleteFailed, variant: "destructive" });
        setDeleting(null);
      },
    });
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-4 border-b pb-6">
        <div>
          <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
            Your library
          </p>
          <h1
            ref={heading}
            tabIndex={-1}
            className="mt-2 font-display text-4xl font-semibold tracking-tight outline-none sm:text-5xl"
          >
            Collections
          </h1>
          <p className="mt-2 text-muted-foreground">
            {/* The plan's line from the first frame, its count filled in when the list comes:
                the intro it replaced was shorter, and the grid jumped (CLS 0.25; round 60). */}
            {limit !== null ? (
              <>
                {collections.data ? (
                  collections.data.length
                ) : (
                  <span
                    aria-hidden
                    className="inline-block w-3 animate-pulse rounded bg-muted align-middle"
                  >
                    &nbsp;
                  </span>
                )}{" "}
                of {limit} collections on the free plan.{" "}
                <Link
                  to={paths.subscriptions.getHref()}
                  className="font-medium text-brand-strong underline-offset-4 hover:underline"
                >
                  Upgrade for unlimited
                </Link>
              </>
            ) : (
              "The artwork you keep, in sets of your own."
            )}
          </p>
        </div>
        <Button asChild variant="brand">
          <Link to={paths.newCollection.getHref()}>
            <Plus aria-hidden />
            New Collection
          </Link>
        </Button>
      </header>

      <section aria-label="Your collections" className="mt-8">
        {collections.isPending ? (
          <div role="status" aria-label="Loading collections">
            <ul className={GRID}>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <CollectionCardSkeleton key={i} />
              ))}
            </ul>
          </div>
        ) : collections.isError ? (
          <LoadErrorPanel
            title={MESSAGES.collections.listErrorTitle}
            text={MESSAGES.collections.listErrorText}
            onRetry={() => void collections.refetch()}
          />
        ) : collections.data.length === 0 ? (
          <EmptyPanel
            icon={<FolderPlus className="size-6" aria-hidden />}
            title="No collections yet"
            action={
              <Button asChild variant="brand" className="mt-6">
                <Link to={paths.newCollection.getHref()}>
                  <Plus aria-hidden />
                  Create your first collection
                </Link>
              </Button>
            }
          >
            Gather the pieces you love into collections: by mood, by colour, for a project. Add
            artwork from any image's page.
          </EmptyPanel>
        ) : (
          <ul className={GRID}>
            {collections.data.map((collection, index) => (
              <CollectionCard
                key={collection.id}
                collection={collection}
                priority={index < EAGER_COVERS}
                onEdit={setEditing}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        )}
      </section>

      <EditCollectionDialog collection={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete collection?"
        description={
          <>“{deleting?.name}” will be deleted. The artwork in it stays in the gallery.</>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          if (!deleted.current) return;
          deleted.current = false;
          event.preventDefault();
          heading.current?.focus();
        }}
      />
    </div>
  );
}
