import {
  ADMIN_IMAGES,
  type AdminImage,
  type AdminImageBatchResult,
  type AdminImageOperation,
  groupDigits,
  MESSAGES,
} from "@sawdust/shared";
import { ImageOff, LoaderCircle, X } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { DeleteImageDialog } from "@/components/artwork/delete-image-dialog";
import { InfiniteScrollSentinel } from "@/components/artwork/infinite-scroll-sentinel";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { focusMainContent } from "@/lib/main-content";
import { useBatchImages } from "./api/batch-images";
import { useAdminImages } from "./api/get-admin-images";
import { useSetImageVisibility } from "./api/set-image-visibility";
import { BatchMenu, operationLabel } from "./components/batch-menu";
import { ImageFilters } from "./components/image-filters";
import { ImagesTable } from "./components/images-table";
import { titleOf } from "./image-text";
import { selectionSales } from "./selection-sales";
import { filtersFromSearch, hasFilters, withFilter } from "./table-filters";

const m = MESSAGES.adminImages;

/** What the selection is: ticked rows, or every image the filters match. */
interface Selection {
  /** The filters the selection was made under: a change of filters starts a new one. */
  under: string;
  ids: ReadonlySet<number>;
  allMatching: boolean;
}

function errorText(error: unknown, fallback: string): string {
  return (isApiRequestError(error) && error.body) || fallback;
}

/**
 * Where the keyboard's focus goes once a deleted image's row has left the table: its Delete button
 * went with it, and the focus with it to the page's top. To the first control of the row that took
 * its place, or of the one before it when it was the last; to the main region when none is left.
 */
function useRefocusAfterDeletion(images: AdminImage[]) {
  const pending = useRef<{ removed: number; next: number | null } | null>(null);
  const confirmed = useRef(false);
  useEffect(() => {
    const after = pending.current;
    if (!after || images.some((image) => image.id === after.removed)) return;
    pending.current = null;
    // Someone who has moved on meanwhile keeps their place.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const row =
      after.next === null
        ? null
        : document.querySelector(`[data-testid="admin-image-row"][data-image-id="${after.next}"]`);
    const control = row?.querySelector<HTMLElement>("input, button, a[href]");
    if (control) control.focus();
    else focusMainContent();
  }, [images]);
  return {
    /** Call with the table as it was, the deleted image still in it. */
    deleted(removed: number, before: AdminImage[]) {
      const at = before.findIndex((image) => image.id === removed);
      const next = before[at + 1] ?? before[at - 1];
      pending.current = { removed, next: next?.id ?? null };
      confirmed.current = true;
    },
    onCloseAutoFocus(event: Event) {
      // Deleted: not back to the opener (about to go); the effect above places the focus.
      // Cancelled: back to the row's Delete button, as a dialog does.
      if (confirmed.current) event.preventDefault();
      confirmed.current = false;
    },
  };
}

/**
 * /admin/images (spec section 2): every image in a table with the visibility filter, infinite
 * scroll, the visibility switch and deletion; and, beyond the spec, a search, filters kept in the
 * URL, and batch operations over ticked rows or all matching images, answered image by image.
 */
export function ImageManagementPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const searchKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is the filters' identity
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchKey]);
  const filterKey = JSON.stringify(filters);
  const list = useAdminImages(filters);
  const visibility = useSetImageVisibility();
  const batch = useBatchImages();

  const [stored, setSelection] = useState<Selection>({
    under: filterKey,
    ids: new Set(),
    allMatching: false,
  });
  const selection: Selection =
    stored.under === filterKey ? stored : { under: filterKey, ids: new Set(), allMatching: false };
  const [deleting, setDeleting] = useState<AdminImage | null>(null);
  const [outcome, setOutcome] = useState<{ label: string; result: AdminImageBatchResult } | null>(
    null,
  );

  const images = useMemo(() => list.data?.pages.flatMap((page) => page.images) ?? [], [list.data]);
  const refocus = useRefocusAfterDeletion(images);
  const total = list.data?.pages[0]?.stats.totalImages;
  const selectedCount = selection.allMatching ? (total ?? 0) : selection.ids.size;
  const sales = selectionSales(
    selection.allMatching ? images : images.filter((i) => selection.ids.has(i.id)),
    selectedCount,
  );

  function setFilter(name: Parameters<typeof withFilter>[1], value: string | undefined) {
    setSearchParams(withFilter(searchParams, name, value), { replace: true });
  }

  function select(ids: number[], selected: boolean) {
    const next = new Set(selection.allMatching ? images.map((i) => i.id) : selection.ids);
    for (const id of ids) {
      if (selected) next.add(id);
      else next.delete(id);
    }
    setSelection({ under: filterKey, ids: next, allMatching: false });
  }

  function clearSelection() {
    setSelection({ under: filterKey, ids: new Set(), allMatching: false });
  }

  function toggleVisibility(image: AdminImage) {
    const isPublic = !image.isPublic;
    visibility.mutate(
      { imageId: image.id, isPublic },
      {
        onSuccess: () =>
          toast({
            title: isPublic ? MESSAGES.imageDetail.madeVisible : MESSAGES.imageDetail.hidden,
          }),
        onError: (error) =>
          toast({
            title: MESSAGES.images.errorTitle,
            description: errorText(error, MESSAGES.imageDetail.visibilityFailed),
            variant: "destructive",
          }),
      },
    );
  }

  function runBatch(operation: AdminImageOperation) {
    const label = operationLabel(operation);
    batch.mutate(
      {
        selection: selection.allMatching ? { filter: filters } : { ids: [...selection.ids] },
        operation,
      },
      {
        onSuccess: (result) => {
          toast({
            title: m.batch.done(label, result.succeeded, result.total),
            description:
              result.failed > 0
                ? `${result.failed} not changed: ${result.results
                    .filter((r) => !r.ok)
                    .slice(0, 3)
                    .map((r) => `#${r.id} ${r.error}`)
                    .join("; ")}${result.failed > 3 ? "…" : ""}`
                : undefined,
            variant: result.succeeded === 0 && result.failed > 0 ? "destructive" : undefined,
          });
          setOutcome(result.failed > 0 ? { label, result } : null);
          clearSelection();
        },
        onError: (error) =>
          toast({
            title: m.batch.failed,
            description: errorText(error, m.batch.failed),
            variant: "destructive",
          }),
      },
    );
  }

  const tooManyForBatch = selection.allMatching && (total ?? 0) > ADMIN_IMAGES.batchMax;

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title={m.title}
        description={
          total !== undefined && <span data-testid="admin-images-total">{m.total(total)}</span>
        }
        actions={
          <BatchMenu
            count={tooManyForBatch ? 0 : selectedCount}
            sales={sales}
            pending={batch.isPending}
            onRun={runBatch}
          />
        }
      />

      <div className="grid gap-6 pt-8">
        <ImageFilters
          filters={filters}
          onChange={setFilter}
          onClear={hasFilters(filters) ? () => setSearchParams({}, { replace: true }) : undefined}
        />

        {selectedCount > 0 && (
          <div
            role="status"
            className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border bg-brand/5 px-4 py-3 text-sm"
          >
            <span className="font-medium">
              {selection.allMatching
                ? m.allMatchingSelected(selectedCount)
                : m.selected(selectedCount)}
            </span>
            {!selection.allMatching && total !== undefined && total > selection.ids.size && (
              <Button
                variant="link"
                className="h-auto p-0 text-brand-strong underline"
                onClick={() =>
                  setSelection({ under: filterKey, ids: new Set(), allMatching: true })
                }
              >
                {m.selectAllMatching(total)}
              </Button>
            )}
            {tooManyForBatch && (
              <span className="text-destructive">
                {m.tooManyForBatch(selectedCount, ADMIN_IMAGES.batchMax)}
              </span>
            )}
            <Button variant="ghost" size="sm" onClick={clearSelection}>
              {m.clearSelection}
            </Button>
          </div>
        )}

        {outcome && (
          <section
            aria-labelledby="batch-outcome-title"
            className="rounded-lg border border-destructive/40 bg-card px-4 py-3 text-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <h2 id="batch-outcome-title" className="font-semibold">
                {outcome.label}: {m.batch.failuresTitle} ({groupDigits(outcome.result.failed)})
              </h2>
              <Button
                variant="ghost"
                size="icon"
                className="size-8"
                aria-label="Dismiss"
                onClick={() => setOutcome(null)}
              >
                <X aria-hidden />
              </Button>
            </div>
            <ul
              className="mt-2 max-h-48 overflow-y-auto text-muted-foreground"
              data-testid="batch-failures"
            >
              {outcome.result.results
                .filter((r) => !r.ok)
                .map((r) => (
                  <li key={r.id}>
                    #{r.id}: {r.error}
                  </li>
                ))}
            </ul>
          </section>
        )}

        {list.isPending ? (
          <div role="status" aria-label="Loading images" className="grid gap-2">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-20 rounded-lg" />
            ))}
          </div>
        ) : list.isError && images.length === 0 ? (
          <LoadErrorPanel
            title={m.loadFailed}
            text={list.error.message}
            onRetry={() => void list.refetch()}
          />
        ) : images.length === 0 ? (
          <EmptyPanel
            icon={<ImageOff className="size-6" aria-hidden />}
            title={MESSAGES.images.empty}
          >
            {hasFilters(filters) ? m.empty : m.emptyCatalogue}
          </EmptyPanel>
        ) : (
          <div className="relative grid gap-4">
            <ImagesTable
              images={images}
              isSelected={(id) => selection.allMatching || selection.ids.has(id)}
              onSelect={(id, selected) => select([id], selected)}
              onSelectLoaded={(selected) =>
                selected
                  ? select(
                      images.map((i) => i.id),
                      true,
                    )
                  : clearSelection()
              }
              pendingVisibility={
                visibility.isPending ? (visibility.variables?.imageId ?? null) : null
              }
              onToggleVisibility={toggleVisibility}
              onDelete={setDeleting}
            />
            <InfiniteScrollSentinel
              enabled={list.hasNextPage && !list.isFetchingNextPage && !list.isFetchNextPageError}
              onLoadMore={() => void list.fetchNextPage()}
            />
            {list.isFetchingNextPage && (
              <p
                role="status"
                className="flex items-center justify-center gap-2 text-sm text-muted-foreground"
              >
                <LoaderCircle
                  className="size-4 animate-spin motion-reduce:animate-none"
                  aria-hidden
                />
                {m.loadingMore}
              </p>
            )}
            {list.isFetchNextPageError && (
              <Button
                variant="outline"
                className="mx-auto w-fit"
                onClick={() => void list.fetchNextPage()}
              >
                Try again
              </Button>
            )}
          </div>
        )}
      </div>

      {deleting && (
        <DeleteImageDialog
          imageId={deleting.id}
          title={titleOf(deleting)}
          soldEditions={deleting.soldEditions}
          open
          onOpenChange={(open) => !open && setDeleting(null)}
          onDeleted={(id) => {
            refocus.deleted(id, images);
            select([id], false);
          }}
          onCloseAutoFocus={refocus.onCloseAutoFocus}
        />
      )}
    </AdminPageFrame>
  );
}
