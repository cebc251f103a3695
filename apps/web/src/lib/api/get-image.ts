import type { Image } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { IMAGES_QUERY_KEY } from "./get-images";

/** GET /api/v1/images/{id}: one image with everything the detail shows. */
export function getImage(imageId: number, signal?: AbortSignal): Promise<Image> {
  return api.get<Image>(`/api/v1/images/${imageId}`, { signal });
}

export function imageQueryOptions(imageId: number) {
  return queryOptions({
    queryKey: [...IMAGES_QUERY_KEY, "detail", imageId],
    queryFn: ({ signal }) => getImage(imageId, signal),
  });
}

export function useImage(imageId: number) {
  return useQuery(imageQueryOptions(imageId));
}
