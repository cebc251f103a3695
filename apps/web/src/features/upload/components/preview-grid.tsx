import { formatBytes } from "@sawdust/shared";
import { CircleCheck, ImageOff, LoaderCircle, TriangleAlert, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { handFocusOnBeforeRemoval } from "@/lib/focus-on-removal";
import { cn } from "@/lib/utils";
import type { SelectedImage } from "../use-image-selection";

/** Where a chosen image stands in the current (or last) upload. */
export type PreviewStatus = "idle" | "waiting" | "uploading" | "uploaded" | "failed";

/** A chosen image's status, with the server's reason when it refused the file. */
export interface PreviewState {
  status: PreviewStatus;
  reason?: string;
}

interface PreviewGridProps {
  images: readonly SelectedImage[];
  stateOf: (id: string) => PreviewState;
  onRemove: (id: string) => void;
  onClear: () => void;
  /** While uploading nothing can be removed. */
  locked: boolean;
}

/** A preview address for the file, revoked when the tile goes (removed, cleared or page left). */
function useObjectUrl(file: File): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

const STATUS_TEXT: Record<Exclude<PreviewStatus, "idle">, string> = {
  waiting: "Waiting",
  uploading: "Uploading",
  uploaded: "Uploaded",
  failed: "Not uploaded",
};

function StatusBadge({ status }: { status: PreviewStatus }) {
  if (status === "idle") return null;
  const Icon =
    status === "uploaded" ? CircleCheck : status === "failed" ? TriangleAlert : LoaderCircle;
  return (
    <span
      className={cn(
        "absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium shadow-sm",
        status === "failed"
          ? "bg-destructive text-destructive-foreground"
          : "bg-card/95 text-foreground",
      )}
    >
      <Icon
        aria-hidden
        className={cn(
          "size-3.5",
          status === "uploading" && "animate-spin motion-reduce:animate-none",
          status === "waiting" && "text-muted-foreground",
          status === "uploaded" && "text-green-700",
        )}
      />
      {STATUS_TEXT[status]}
    </span>
  );
}

function PreviewTile({
  image,
  state: { status, reason },
  onRemove,
  locked,
}: {
  image: SelectedImage;
  state: PreviewState;
  onRemove: () => void;
  locked: boolean;
}) {
  const url = useObjectUrl(image.file);
  const reasonId = useId();
  // A file the browser cannot show (not an image, or a format it does not draw): an icon, not the
  // broken-image glyph with its alt text running under the Remove button.
  const [unshown, setUnshown] = useState(false);
  return (
    <li
      className={cn(
        "overflow-hidden rounded-lg border bg-card shadow-sm",
        status === "failed" && "border-destructive ring-1 ring-destructive",
      )}
    >
      <div className="relative aspect-square bg-muted">
        {url && !unshown && (
          <img
            src={url}
            alt={`Preview of ${image.file.name}`}
            aria-describedby={status === "failed" && reason ? reasonId : undefined}
            onError={() => setUnshown(true)}
            className={cn("size-full object-cover", status === "waiting" && "opacity-70")}
          />
        )}
        {unshown && (
          <div
            role="img"
            aria-label={`No preview of ${image.file.name}`}
            aria-describedby={status === "failed" && reason ? reasonId : undefined}
            className="flex size-full items-center justify-center text-muted-foreground"
          >
            <ImageOff aria-hidden className="size-8" />
          </div>
        )}
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={(event) => {
            handFocusOnBeforeRemoval(event.currentTarget, pickerNear(event.currentTarget));
            onRemove();
          }}
          disabled={locked}
          aria-label={`Remove ${image.file.name}`}
          className="absolute right-2 top-2 size-8 rounded-full bg-card/95 disabled:opacity-0"
        >
          <X />
        </Button>
        <StatusBadge status={status} />
      </div>
      <div className="px-3 py-2">
        <p className="truncate text-sm font-medium" title={image.file.name}>
          {image.file.name}
        </p>
        <p className="text-xs text-muted-foreground">{formatBytes(image.file.size, 1)}</p>
        {status === "failed" && reason && (
          <p id={reasonId} className="mt-1 text-xs font-medium text-destructive">
            {reason}
          </p>
        )}
      </div>
    </li>
  );
}

/** The image picker of the upload form `control` is in: where the next images are chosen. */
function pickerNear(control: HTMLElement): HTMLInputElement | null {
  return control.closest("form")?.querySelector<HTMLInputElement>("input[type=file]") ?? null;
}

/** The chosen images with their previews, each removable on its own. */
export function PreviewGrid({ images, stateOf, onRemove, onClear, locked }: PreviewGridProps) {
  if (images.length === 0) return null;
  const totalBytes = images.reduce((sum, image) => sum + image.file.size, 0);
  const countText = images.length === 1 ? "1 image selected" : `${images.length} images selected`;
  return (
    <section aria-labelledby="upload-selected-heading" className="grid gap-3">
      <div className="flex items-center justify-between gap-3">
        <h2 id="upload-selected-heading" className="text-sm font-medium">
          {countText}
          <span className="font-normal text-muted-foreground"> · {formatBytes(totalBytes, 1)}</span>
        </h2>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={(event) => {
            handFocusOnBeforeRemoval(event.currentTarget, pickerNear(event.currentTarget));
            onClear();
          }}
          disabled={locked}
        >
          Clear all
        </Button>
      </div>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
        {images.map((image) => (
          <PreviewTile
            key={image.id}
            image={image}
            state={stateOf(image.id)}
            onRemove={() => onRemove(image.id)}
            locked={locked}
          />
        ))}
      </ul>
    </section>
  );
}
