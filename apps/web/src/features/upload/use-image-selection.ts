import { MESSAGES } from "@sawdust/shared";
import { useCallback, useState } from "react";
import { toast } from "@/hooks/use-toast";
import { screenSelection, withoutDuplicates } from "./selection-rules";

/** A chosen file, with a key that stays put while others are added or removed. */
export interface SelectedImage {
  id: string;
  file: File;
}

let lastId = 0;
function nextId(): string {
  lastId += 1;
  return `selected-${lastId}`;
}

/**
 * The images chosen for upload. Adding applies the spec's rules and says why a file was refused;
 * previews are the preview tiles' business, so nothing here holds an object URL.
 */
export function useImageSelection() {
  const [images, setImages] = useState<SelectedImage[]>([]);

  const add = useCallback((files: readonly File[]) => {
    const verdict = screenSelection(files);
    if (verdict.kind === "too-large") {
      toast({
        title: MESSAGES.upload.filesTooLarge,
        description: MESSAGES.upload.filesTooLargeDescription(verdict.count),
        variant: "destructive",
      });
      return;
    }
    for (const file of verdict.notImages) {
      toast({
        title: MESSAGES.upload.invalidFileType,
        description: MESSAGES.upload.invalidFileTypeDescription(file.name),
        variant: "destructive",
      });
    }
    if (verdict.images.length === 0) return;
    setImages((current) => [
      ...current,
      ...withoutDuplicates(
        verdict.images,
        current.map((image) => image.file),
      ).map((file) => ({ id: nextId(), file })),
    ]);
  }, []);

  const remove = useCallback((ids: readonly string[]) => {
    setImages((current) => current.filter((image) => !ids.includes(image.id)));
  }, []);

  const clear = useCallback(() => setImages([]), []);

  return { images, add, remove, clear };
}
