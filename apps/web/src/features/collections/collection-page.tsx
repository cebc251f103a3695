import { MESSAGES, rowIdOf } from "@sawdust/shared";
import { ArrowLeft, ImagePlus } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { EmptyPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useCollection } from "@/lib/api/get-collection";
import { isApiRequestError } from "@/lib/api-client";
import { imageCountLabel } from "@/lib/counts";
import { formatDate } from "@/lib/date-time";
import { findOpener } from "@/lib/detail-route";
import { useDocumentTitle } from "@/lib/document-title";
import { imageTitle } from "@/lib/images";
import { useRemoveCollectionImage } from "./api/remove-collection-image";
import { CollectionImageTile } from "./components/collection-image-tile";
import { CollectionNotFound } from "./components/collection-not-found";
import { ImageViewerDialog } from "./components/image-viewer-dialog";
import { PrivateBadge } from "./components/private-badge";

const SKELETON_TILES = 8;
/** Tiles in the first rows load at once. */
const EAGER_TILES = 8;

const GRID = "grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 sm:gap-x-4 lg:grid-cols-4";

function BackLink() {
  return (
    <Link
      to={paths.collections.getHref()}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All collections
    </Link>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <BackLink />
      {children}
    </div>
  );
}

function CollectionSkeleton() {
  return (
    <Frame>
      <div role="status" aria-label="Loading collection" className="mt-4">
        <div className="grid gap-3 border-b pb-6">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-11 w-2/3 max-w-md" />
          <Skeleton className="h-4 w-full max-w-xl" />
          <Skeleton className="h-4 w-40" />
        </div>
        <ul className={`mt-8 ${GRID}`}>
          {Array.from({ length: SKELETON_TILES }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <li key={i}>
              <Skeleton className="aspect-[4/5] rounded-lg" />
              <Skeleton className="mt-2 h-4 w-3/4" />
            </li>
          ))}
        </ul>
      </div>
    </Frame>
  );
}

/** Where the viewer stands in the collection, or null when it is closed or its image is gone. */
function viewerIndex(images: ReadonlyArray<{ image: { id: number } }>, imageId: number | null) {
  const index = imageId === null ? -1 : images.findIndex((entry) => entry.image.id === imageId);
  return index < 0 ? null : index;
}

/**
 * The image the collection's viewer shows, kept in the address (`?view=<imageId>`): opening it
 * is a history entry of its own, so the browser's Back closes the viewer and stays on the
 * collection; moving within it replaces the entry; closing it goes back to the entry before.
 */
function useViewedImage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const raw = Number(params.get("view"));
  const imageId = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const opened = (location.state as { viewerOpened?: boolean } | null)?.viewerOpened === true;
  return {
    imageId,
    open: (id: number) => setParams({ view: String(id) }, { state: { viewerOpened: true } }),
    move: (id: number) =>
      setParams({ view: String(id) }, { replace: true, state: { viewerOpened: opened } }),
    close: () => (opened ? navigate(-1) : setParams({}, { replace: true })),
  };
}

type Entries = { image: { id: number } }[];

/**
 * Where the keyboard's focus goes after an image is removed: its remove button has gone with it
 * (the confirmation would give the focus back to it, and so to the page's top). To the image that
 * took its place, or the one before it when it was the last; on a collection left empty, to the
 * empty page's link.
 */
function useRefocusAfterRemoval(
  entries: Entries | undefined,
  section: RefObject<HTMLElement | null>,
) {
  const [pending, setPending] = useState<{ removed: number; next: number | null } | null>(null);
  useEffect(() => {
    if (!pending || entries?.some((entry) => entry.image.id === pending.removed)) return;
    setPending(null);
    const next =
      pending.next === null
        ? section.current?.querySelector<HTMLElement>("a[href], button")
        : findOpener(pending.next);
    (next ?? document.getElementById("main-content"))?.focus();
  }, [entries, pending, section]);
  return {
    after(removed: number, before: Entries) {
      const at = before.findIndex((entry) => entry.image.id === removed);
      const next = before[at + 1] ?? before[at - 1];
      setPending({ removed, next: next?.image.id ?? null });
    },
    onCloseAutoFocus(event: Event) {
      // The focus is placed by the effect above once the image has left the page.
      if (pending) event.preventDefault();
    },
  };
}

/**
 * /collections/{id}: the collection's name, description and images (spec section 2). Loading,
 * error, not found (a 404, or an id that is not a number) and loaded are its states (section 4).
 */
export function CollectionPage() {
  const { id: param } = useParams();
  const collectionId = rowIdOf(param);
  const collection = useCollection(collectionId);
  const removal = useRemoveCollectionImage(collectionId ?? 0);
  const viewer = useViewedImage();
  const [removing, setRemoving] = useState<{ id: number; title: string } | null>(null);
  const section = useRef<HTMLElement>(null);
  const refocus = useRefocusAfterRemoval(collection.data?.images, section);
  useDocumentTitle(
    collection.data?.name ??
      (collectionId === null || collection.isError
        ? MESSAGES.collections.notFoundTitle
        : undefined),
  );

  if (collectionId === null) return <CollectionNotFound />;
  if (collection.isPending) return <CollectionSkeleton />;
  if (collection.isError) {
    if (isApiRequestError(collection.error) && collection.error.status === 404) {
      return <CollectionNotFound />;
    }
    return (
      <Frame>
        <div role="alert" className="mt-6 rounded-xl border bg-card px-6 py-12 text-center">
          <h1 className="font-display text-2xl font-semibold">This collection didn't load</h1>
          <p className="mt-2 text-muted-foreground">{collection.error.message}</p>
          <Button className="mt-6" variant="outline" onClick={() => void collection.refetch()}>
            Try again
          </Button>
        </div>
      </Frame>
    );
  }

  const { images } = collection.data;
  const created = formatDate(collection.data.createdAt);

  function confirmRemove() {
    if (!removing) return;
    removal.mutate(removing.id, {
      onSuccess: () => {
        toast({ title: MESSAGES.collections.imageRemoved, description: removing.title });
        refocus.after(removing.id, images);
        setRemoving(null);
      },
      onError: () => {
        toast({ title: MESSAGES.collections.removeImageFailed, variant: "destructive" });
        setRemoving(null);
      },
    });
  }

  return (
    <Frame>
      <header className="mt-4 border-b pb-6">
        <div className="flex items-center gap-3">
          <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
            Collection
          </p>
          <PrivateBadge />
        </div>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight wrap-anywhere sm:text-5xl">
          {collection.data.name}
        </h1>
        {collection.data.description && (
          <p className="mt-3 max-w-3xl text-lg whitespace-pre-line text-muted-foreground">
            {collection.data.description}
          </p>
        )}
        <p className="mt-3 text-sm text-muted-foreground">
          {imageCountLabel(collection.data.imageCount)}
          {created && (
            <>
              <span aria-hidden> · </span>
              <span className="sr-only">, </span>
              Created <time dateTime={collection.data.createdAt}>{created}</time>
            </>
          )}
        </p>
      </header>

      <section ref={section} aria-label="Images in this collection" className="mt-8">
        {images.length === 0 ? (
          <EmptyPanel
            icon={<ImagePlus className="size-6" aria-hidden />}
            title={MESSAGES.collections.empty}
            action={
              <Button asChild variant="brand" className="mt-6">
                <Link to={paths.gallery.getHref()}>Browse the gallery</Link>
              </Button>
            }
          >
            Open any artwork in the gallery and choose “Add to collection” to keep it here.
          </EmptyPanel>
        ) : (
          <ul className={GRID}>
            {images.map((entry, index) => (
              <CollectionImageTile
                key={entry.id}
                entry={entry}
                priority={index < EAGER_TILES}
                onOpen={() => viewer.open(entry.image.id)}
                onRemove={() => setRemoving({ id: entry.image.id, title: imageTitle(entry.image) })}
              />
            ))}
          </ul>
        )}
      </section>

      <ImageViewerDialog
        entries={images}
        index={viewerIndex(images, viewer.imageId)}
        onIndexChange={(index) => {
          const next = index === null ? undefined : images[index];
          if (next) viewer.move(next.image.id);
          else viewer.close();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={MESSAGES.collections.removeTitle}
        description={MESSAGES.collections.removeText}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        destructive
        pending={removal.isPending}
        onConfirm={confirmRemove}
        onCloseAutoFocus={refocus.onCloseAutoFocus}
      />
    </Frame>
  );
}
