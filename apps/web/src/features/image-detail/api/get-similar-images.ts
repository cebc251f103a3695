import type { Image, SimilarImages } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

/**
 * GET /api/v1/images/{id}/similar (Pro and admins): public pieces close in palette and tags, the
 * closest first, as many as the server's default (8).
 */
export function getSimilarImages(imageId: number, signal?: AbortSignal): Promise<Image[]> {
  return api
    .get<SimilarImages>(`/api/v1/images/${imageId}/similar`, { signal })
    .then((answer) => answer.images);
}

export function similarImagesQueryOptions(imageId: number) {
  return queryOptions({
    // Under the images prefix: a change to any image refreshes it with the rest.
    queryKey: [...IMAGES_QUERY_KEY, "similar", imageId],
    queryFn: ({ signal }) => getSimilarImages(imageId, signal),
  });
}

export function useSimilarImages(imageId: number, enabled: boolean) {
  return useQuery({ ...similarImagesQueryOptions(imageId), enabled });
}
