import { HYDRATES_LATER_ATTRIBUTE, type ImageListResponse } from "@sawdust/shared";
import { SlidersHorizontal } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import type { TileLayout } from "@/components/artwork/image-tile";
import { GalleryForm } from "@/components/layout/gallery-form";
import { Button } from "@/components/ui/button";
import { listTotalLabel } from "@/lib/counts";
import { retryingLazy } from "@/lib/retrying-lazy";
import { cn } from "@/lib/utils";
import type { GalleryFilters } from "../use-gallery-filters";
import { useGalleryLayout } from "../use-gallery-layout";
import { ActiveFilters } from "./active-filters";
import { FiltersSheetBoundary, FiltersSheetFailed } from "./filters-sheet-failed";
import { LayoutToggle } from "./layout-toggle";
import { TagSearch } from "./tag-search";

export interface GalleryToolbarProps {
  /** The first page's stats (its total); undefined while it loads. */
  total: ImageListResponse["stats"] | undefined;
  filters: GalleryFilters;
}

/**
 * Focuses the tag search inside `container`: where the focus goes when the control that had it (the
 * last filter chip, Clear filters) goes away with the filters.
 */
function focusTagSearchIn(container: HTMLElement | null): void {
  container?.querySelector<HTMLInputElement>('search [role="combobox"]')?.focus();
}

/**
 * The sticky bar under the navigation: the page's heading and image count, tag search, active
 * filters, clear filters and the layout toggle; on narrow screens the controls sit in a drawer.
 */
export function GalleryToolbar({ total, filters }: GalleryToolbarProps) {
  // The layout is remembered in the browser: the grid reads the same value, once this toggle is
  // the app's (useShownGalleryLayout).
  const [layout, onLayoutChange] = useGalleryLayout();
  const bar = useRef<HTMLElement>(null);
  const focusTagSearch = () => focusTagSearchIn(bar.current);
  return (
    // Hydrated after the rest of the page (gallery-view.tsx): a click before then is kept and
    // pressed once it is (EARLY_CLICK_SCRIPT).
    <div
      className="sticky top-16 z-30 border-b bg-background"
      {...{ [HYDRATES_LATER_ATTRIBUTE]: "" }}
    >
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-4 px-4 sm:px-6">
        <div className="flex min-w-0 items-baseline gap-3">
          <h1 className="font-display text-2xl font-semibold tracking-tight">Gallery</h1>
          <ImageCount total={total} />
        </div>

        <section
          ref={bar}
          aria-label="Filters and layout"
          className="hidden min-w-0 flex-1 items-center gap-3 lg:flex"
        >
          <TagSearch
            onApply={(tag) => filters.apply({ tag })}
            filters={filters.filters}
            className="w-64 shrink-0"
          />
          <ActiveFilters
            filters={filters.filters}
            onRemove={filters.remove}
            onLastRemoved={focusTagSearch}
            className="min-w-0 flex-1 flex-nowrap overflow-hidden"
          />
          <div className="ml-auto flex shrink-0 items-center gap-2">
            {filters.count > 0 && (
              <GalleryForm filters={{}}>
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  className="rounded-full"
                  onClick={() => {
                    focusTagSearch();
                    filters.clear();
                  }}
                >
                  Clear filters
                </Button>
              </GalleryForm>
            )}
            <LayoutToggle value={layout} onChange={onLayoutChange} />
          </div>
        </section>

        <FiltersDrawer
          filters={filters}
          layout={layout}
          onLayoutChange={onLayoutChange}
          className="ml-auto lg:hidden"
        />
      </div>
    </div>
  );
}

function ImageCount({ total }: { total: ImageListResponse["stats"] | undefined }) {
  return (
    <p
      data-testid="image-count"
      aria-live="polite"
      className="w-28 min-w-0 shrink truncate text-sm tabular-nums text-muted-foreground"
    >
      {total === undefined ? (
        <>
          <span
            aria-hidden
            className="inline-block h-4 w-20 animate-pulse rounded bg-muted align-middle"
          />
          <span className="sr-only">Counting images…</span>
        </>
      ) : (
        listTotalLabel(total)
      )}
    </p>
  );
}

// The drawer (Radix Dialog, focus trap, scroll lock) is not needed to paint the page: its code
// loads when the button is first pointed at, focused or pressed. When it cannot load, the drawer's
// place says so (FiltersSheetFailed) and the gallery stays; the next press tries again.
const loadFiltersSheet = () => import("./filters-sheet");
const FiltersSheet = retryingLazy(
  () => loadFiltersSheet(),
  (m) => m.FiltersSheet,
);

interface FiltersDrawerProps {
  filters: GalleryFilters;
  layout: TileLayout;
  onLayoutChange: (layout: TileLayout) => void;
  className?: string;
}

/** The same controls in a side drawer, for screens too narrow for the bar. */
function FiltersDrawer({ filters, layout, onLayoutChange, className }: FiltersDrawerProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [failed, setFailed] = useState(false);
  // Each press is a new try: a drawer whose code failed to load is loaded again.
  const [tries, setTries] = useState(0);
  const opener = useRef<HTMLButtonElement>(null);
  const tagBlock = useRef<HTMLDivElement>(null);
  // A failed prefetch is the drawer's to show, when it is opened.
  const prefetch = () => void loadFiltersSheet().catch(() => {});
  const show = () => {
    setFailed(false);
    setTries((n) => n + 1);
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={cn("rounded-full", className)}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={show}
      >
        <SlidersHorizontal aria-hidden />
        Filters
        {filters.count > 0 && (
          <span className="grid size-5 place-items-center rounded-full bg-primary text-xs text-primary-foreground">
            {filters.count}
            <span className="sr-only"> active</span>
          </span>
        )}
      </Button>
      {wanted && (
        <FiltersSheetBoundary
          tries={tries}
          onError={() => {
            setOpen(false);
            setFailed(true);
          }}
        >
          <Suspense fallback={null}>
            <FiltersSheet
              open={open}
              onOpenChange={setOpen}
              returnFocus={() => opener.current?.focus()}
            >
              <div ref={tagBlock} className="grid gap-2">
                <p className="text-sm font-medium">Tag</p>
                <TagSearch onApply={(tag) => filters.apply({ tag })} filters={filters.filters} />
              </div>
              {filters.count > 0 && (
                <div className="grid gap-2">
                  <p className="text-sm font-medium">Active filters</p>
                  <ActiveFilters
                    filters={filters.filters}
                    onRemove={filters.remove}
                    onLastRemoved={() => focusTagSearchIn(tagBlock.current)}
                  />
                </div>
              )}
              <div className="grid gap-2">
                <p className="text-sm font-medium">Layout</p>
                <LayoutToggle value={layout} onChange={onLayoutChange} className="w-fit" />
              </div>
              <Button
                variant="outline"
                className="mt-auto"
                disabled={filters.count === 0}
                onClick={() => {
                  filters.clear();
                  setOpen(false);
                }}
              >
                Clear filters
              </Button>
            </FiltersSheet>
          </Suspense>
        </FiltersSheetBoundary>
      )}
      {failed && (
        <FiltersSheetFailed
          onRetry={show}
          onClose={() => {
            setFailed(false);
            opener.current?.focus();
          }}
        />
      )}
    </>
  );
}
