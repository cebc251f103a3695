import { UPLOAD } from "@sawdust/shared";
import { ImagePlus } from "lucide-react";
import { type DragEvent, useEffect, useId, useState } from "react";
import { cn } from "@/lib/utils";
import { ACCEPTED_IMAGE_TYPES } from "../selection-rules";

interface ImageDropzoneProps {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

const MAX_MEGABYTES = UPLOAD.maxBytes / (1024 * 1024);

function carriesFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return event.dataTransfer?.types.includes("Files") ?? false;
}

/**
 * The image picker. The real file input is the one focusable control (Enter or Space opens the
 * browser's picker); the whole area around it is its label, so a click anywhere opens it too,
 * and files dropped on it are taken as if picked.
 */
export function ImageDropzone({ onFiles, disabled = false }: ImageDropzoneProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const hintId = `${id}-hint`;
  const [dragging, setDragging] = useState(false);

  // A file dropped just beside the zone would otherwise make the browser open it, leaving the page.
  useEffect(() => {
    const keepPage = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    window.addEventListener("dragover", keepPage);
    window.addEventListener("drop", keepPage);
    return () => {
      window.removeEventListener("dragover", keepPage);
      window.removeEventListener("drop", keepPage);
    };
  }, []);

  function onDragOver(event: DragEvent<HTMLLabelElement>) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? "none" : "copy";
    if (!disabled) setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLLabelElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) onFiles(Array.from(event.dataTransfer.files));
  }

  return (
    <label
      htmlFor={id}
      data-dragging={dragging || undefined}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        "flex cursor-pointer flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed",
        "border-input bg-card px-6 py-12 text-center transition-colors sm:py-16",
        "hover:border-brand/60 hover:bg-accent/40",
        "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring",
        "data-[dragging]:border-brand data-[dragging]:bg-brand/5",
        disabled && "pointer-events-none cursor-not-allowed opacity-60",
      )}
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <ImagePlus className="size-6" aria-hidden />
      </span>
      <span id={titleId} className="text-base font-medium">
        Choose images
      </span>
      <span id={hintId} className="grid gap-1 text-balance text-sm text-muted-foreground">
        <span>Click to browse, or drag and drop them here.</span>
        <span>JPG, PNG or WebP, up to {MAX_MEGABYTES}MB each.</span>
      </span>
      <input
        id={id}
        type="file"
        multiple
        accept={ACCEPTED_IMAGE_TYPES}
        disabled={disabled}
        aria-labelledby={titleId}
        aria-describedby={hintId}
        className="sr-only"
        onChange={(event) => {
          onFiles(Array.from(event.currentTarget.files ?? []));
          // Let the same file be picked again after it was removed.
          event.currentTarget.value = "";
        }}
      />
    </label>
  );
}
