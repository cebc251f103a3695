import { MESSAGES, type UploadFields } from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import { toast } from "@/hooks/use-toast";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { describeUploadFailure, uploadImage } from "./api/upload-image";
import { isRefusedForGood } from "./retry-rules";
import { uploadPercent } from "./upload-summary";
import type { SelectedImage } from "./use-image-selection";

export interface UploadProgress {
  /** Files in this run. */
  total: number;
  /** Files the server has accepted so far. */
  uploaded: number;
  /** Files the server refused (or that never arrived) so far. */
  failed: number;
  /** Share of the run's files dealt with, the current one by the bytes sent, 0–100. */
  percent: number;
  currentId: string;
  currentName: string;
  /** "sending" while the bytes go; "processing" once they have, until the server answers. */
  phase: "sending" | "processing";
  uploadedIds: readonly string[];
  /** Each refused file's id, with the reason the server gave. */
  failures: ReadonlyMap<string, string>;
}

export interface UploadOutcome {
  uploadedIds: string[];
  /** Each file that was not uploaded, with the reason the admin was shown. */
  failures: Map<string, string>;
  /** Of those, the files refused for what they are: sending them again cannot help. */
  refusedForGood: Set<string>;
}

/** The toast that ends a run: what arrived and what did not, counted (spec section 8's words). */
function announce(images: readonly SelectedImage[], outcome: UploadOutcome): void {
  const failed = outcome.failures.size;
  const uploaded = outcome.uploadedIds.length;
  if (failed === 0) {
    toast({
      title: MESSAGES.auth.success,
      description:
        uploaded === 1 ? MESSAGES.upload.uploadedOne : MESSAGES.upload.uploadedMany(uploaded),
    });
    return;
  }
  const [first] = outcome.failures;
  const firstName = images.find((image) => image.id === first?.[0])?.file.name ?? "";
  const firstReason = first?.[1] ?? MESSAGES.upload.uploadUnknown;
  toast({
    title:
      uploaded === 0
        ? MESSAGES.upload.uploadFailed
        : MESSAGES.upload.uploadSummary(uploaded, failed),
    description:
      failed > 1
        ? MESSAGES.upload.failuresMarked
        : images.length === 1
          ? firstReason
          : MESSAGES.upload.failedFile(firstName, firstReason),
    variant: "destructive",
  });
}

/**
 * Uploads the chosen images one after another (spec section 4), reporting real progress. A file
 * the server refuses does not stop the run: each file ends uploaded or failed with the server's
 * reason, and one toast counts both.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const running = useRef(false);

  const uploadAll = useCallback(
    async (images: readonly SelectedImage[], fields: UploadFields): Promise<UploadOutcome> => {
      const outcome: UploadOutcome = {
        uploadedIds: [],
        failures: new Map(),
        refusedForGood: new Set(),
      };
      if (running.current || images.length === 0) return outcome;
      running.current = true;

      try {
        for (const image of images) {
          const finished = outcome.uploadedIds.length + outcome.failures.size;
          const base = {
            total: images.length,
            uploaded: outcome.uploadedIds.length,
            failed: outcome.failures.size,
            currentId: image.id,
            currentName: image.file.name,
            uploadedIds: [...outcome.uploadedIds],
            failures: new Map(outcome.failures),
          };
          setProgress({
            ...base,
            phase: "sending",
            percent: uploadPercent(finished, 0, images.length),
          });
          try {
            await uploadImage({
              file: image.file,
              ...fields,
              onProgress: (fraction) =>
                setProgress({
                  ...base,
                  phase: fraction >= 1 ? "processing" : "sending",
                  percent: uploadPercent(finished, fraction, images.length),
                }),
            });
            outcome.uploadedIds.push(image.id);
          } catch (error) {
            outcome.failures.set(image.id, describeUploadFailure(error));
            if (isRefusedForGood(error)) outcome.refusedForGood.add(image.id);
          }
        }
        announce(images, outcome);
        return outcome;
      } finally {
        running.current = false;
        setProgress(null);
        // After a partial run too: the images that did arrive belong in the lists already.
        if (outcome.uploadedIds.length > 0)
          void queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY });
      }
    },
    [queryClient],
  );

  return { progress, isUploading: progress !== null, uploadAll };
}
