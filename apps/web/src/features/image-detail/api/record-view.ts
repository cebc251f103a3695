import type { Image } from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { imageQueryOptions } from "@/lib/api/get-image";
import { api } from "@/lib/api-client";

/**
 * Counts one view each time the dialog opens on an image, and shows the new count. A failure is
 * ignored: a lost view must never disturb the visitor. The ref keeps React's development double
 * effect from counting twice.
 */
export function useRecordView(imageId: number): void {
  const queryClient = useQueryClient();
  const recorded = useRef<number | null>(null);
  useEffect(() => {
    if (recorded.current === imageId) return;
    recorded.current = imageId;
    api
      .post<{ views?: unknown }>(`/api/v1/images/${imageId}/views`)
      .then((answer) => {
        const views = answer?.views;
        if (typeof views !== "number") return;
        queryClient.setQueryData<Image>(imageQueryOptions(imageId).queryKey, (image) =>
          image ? { ...image, views } : image,
        );
      })
      .catch(() => undefined);
  }, [imageId, queryClient]);
}
