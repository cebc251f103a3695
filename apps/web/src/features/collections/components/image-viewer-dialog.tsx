import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { CollectionEntry } from "@sawdust/shared";
import { ArrowUpRight, ChevronLeft, ChevronRight, X } from "lucide-react";
import { type KeyboardEvent, useRef } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogDescription,
  DialogOverlay,
  DialogPortal,
  DialogTitle,
} from "@/components/ui/dialog";
import { detailState, findOpener } from "@/lib/detail-route";
import { imageTitle } from "@/lib/images";

export interface ImageViewerDialogProps {
  entries: readonly CollectionEntry[];
  /** The entry shown, by position; null closes the viewer. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}

const roundButton =
  "grid size-11 place-items-center rounded-full bg-card/90 text-foreground shadow-md backdrop-blur transition-colors hover:bg-card";

/**
 * The collection's viewer: one image large, its title, and the way to its own page. The arrow
 * keys (and the buttons beside the image) step through the collection.
 */
export function ImageViewerDialog({ entries, index, onIndexChange }: ImageViewerDialogProps) {
  const content = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const entry = index === null ? undefined : entries[index];
  const count = entries.length;
  const step = (by: number) => {
    if (index !== null && count > 1) onIndexChange((index + by + count) % count);
  };

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowLeft") step(-1);
    else if (event.key === "ArrowRight") step(1);
  }

  return (
    <Dialog open={entry !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogPortal>
        <DialogOverlay className="bg-stone-950/85 backdrop-blur-sm" />
        {entry && (
          <DialogPrimitive.Content
            ref={content}
            // The dialog itself takes the focus: its title is read first and the arrows work at once.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              content.current?.focus();
            }}
            // Back to the tile of the image last shown (Radix would look for a Dialog.Trigger).
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              findOpener(entry.image.id)?.focus();
            }}
            onKeyDown={onKeyDown}
            className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-stone-950 text-stone-50 outline-none md:inset-6 md:rounded-2xl md:shadow-2xl"
          >
            <div className="relative flex min-h-0 flex-1 items-center justify-center p-3 pt-16 sm:p-8 sm:pt-16">
              <ArtImage
                key={entry.image.id}
                image={{
                  urlMedium: entry.image.urlMedium,
                  urlLarge: entry.image.urlLarge,
                  width: entry.image.width,
                  height: entry.image.height,
                  thumbhash: null,
                }}
                sizes="(min-width: 768px) calc(100vw - 7rem), 100vw"
                alt={imageTitle(entry.image)}
                priority="high"
                className="h-full w-full bg-transparent object-contain"
              />
              {count > 1 && (
                <>
                  <button
                    type="button"
                    aria-label="Previous image"
                    onClick={() => step(-1)}
                    className={`absolute left-3 top-1/2 -translate-y-1/2 sm:left-5 ${roundButton}`}
                  >
                    <ChevronLeft className="size-5" aria-hidden />
                  </button>
                  <button
                    type="button"
                    aria-label="Next image"
                    onClick={() => step(1)}
                    className={`absolute right-3 top-1/2 -translate-y-1/2 sm:right-5 ${roundButton}`}
                  >
                    <ChevronRight className="size-5" aria-hidden />
                  </button>
                </>
              )}
            </div>
            <div className="flex flex-wrap items-center justify-between gap-x-6 gap-y-3 border-t border-white/10 bg-stone-900 px-5 py-4 sm:px-7">
              <div className="min-w-0">
                <DialogTitle className="truncate font-display text-xl font-semibold sm:text-2xl">
                  {imageTitle(entry.image)}
                </DialogTitle>
                <DialogDescription className="mt-1 text-sm text-stone-300">
                  {index === null ? "" : `${index + 1} of ${count}`}
                </DialogDescription>
              </div>
              <Button asChild variant="secondary" className="max-sm:w-full">
                {/* The details open over this page, which stays as it is under them, without the
                    viewer: they take the viewer's place in the history, so closing them (or Back)
                    returns to the collection itself. */}
                <Link
                  to={paths.image.getHref(entry.image.id)}
                  replace
                  state={detailState({ ...location, search: "", state: null })}
                >
                  View artwork details
                  <ArrowUpRight aria-hidden />
                </Link>
              </Button>
            </div>
            <DialogClose
              aria-label="Close"
              className={`absolute right-3 top-3 md:right-4 md:top-4 ${roundButton}`}
            >
              <X className="size-5" aria-hidden />
            </DialogClose>
          </DialogPrimitive.Content>
        )}
      </DialogPortal>
    </Dialog>
  );
}
