import { type EditionType, MESSAGES } from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { toast } from "@/hooks/use-toast";
import { describeUploadFailure, uploadImage } from "./api/upload-image";
import type { SelectedImage } from "./use-image-selection";

/** Every cached image list (gallery, editions, admin table, showcase) starts with this key. */
const IMAGE_LISTS_KEY = ["images"] as const;

export interface UploadFields {
  editionType: EditionType;
  priceCents: number | null;
}

export interface UploadProgress {
  /** Files in this run. */
  total: number;
  /** Files the server has accepted so far. */
  uploaded: number;
  /** Share of all the run's bytes sent so far, 0–100. */
  percent: number;
  currentId: string;
  currentName: string;
  uploadedIds: readonly string[];
}

export interface UploadOutcome {
  uploadedIds: string[];
  /** The file that failed (the run stops there), with the reason the admin was shown. */
  failure?: { id: string; message: string };
}

/**
 * Uploads the chosen images one after another (spec section 4), reporting real byte progress.
 * It stops at the first failure: the admin reads why, and the unsent files stay chosen.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const running = useRef(false);

  const uploadAll = useCallback(
    async (images: readonly SelectedImage[], fields: UploadFields): Promise<UploadOutcome> => {
      if (running.current || images.length === 0) return { uploadedIds: [] };
      running.current = true;

      const totalBytes = Math.max(
        1,
        images.reduce((sum, image) => sum + image.file.size, 0),
      );
      const percentOf = (bytes: number) => Math.min(100, Math.floor((bytes / totalBytes) * 100));
      const uploadedIds: string[] = [];
      let sentBytes = 0;

      try {
        for (const image of images) {
          const base = {
            total: images.length,
            uploaded: uploadedIds.length,
            currentId: image.id,
            currentName: image.file.name,
            uploadedIds: [...uploadedIds],
          };
          setProgress({ ...base, percent: percentOf(sentBytes) });
          try {
            await uploadImage({
              file: image.file,
              ...fields,
              onProgress: (fraction) =>
                setProgress({
                  ...base,
                  percent: percentOf(sentBytes + fraction * image.file.size),
                }),
            });
          } catch (error) {
            const message = describeUploadFailure(error);
            toast({
              title: MESSAGES.upload.uploadFailed,
              description: message,
              variant: "destructive",
            });
            return { uploadedIds, failure: { id: image.id, message } };
          }
          sentBytes += image.file.size;
          uploadedIds.push(image.id);
        }
        toast({
          title: MESSAGES.auth.success,
          description:
            images.length === 1
              ? MESSAGES.upload.uploadedOne
              : MESSAGES.upload.uploadedMany(images.length),
        });
        return { uploadedIds };
      } finally {
        running.current = false;
        setProgress(null);
        // After a partial run too: the images that did arrive belong in the lists already.
        if (uploadedIds.length > 0)
          void queryClient.invalidateQueries({ queryKey: IMAGE_LISTS_KEY });
      }
    },
    [queryClient],
  );

  return { progress, isUploading: progress !== null, uploadAll };
}
