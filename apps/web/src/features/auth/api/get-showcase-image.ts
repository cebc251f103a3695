import type { ImageListResponse } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The large rendition of the first image the list returns, or null when there is none. */
export async function getShowcaseImageUrl(signal?: AbortSignal): Promise<string | null> {
  const page = await api.get<ImageListResponse>("/api/v1/images?limit=1", { signal });
  return page.images[0]?.urlLarge ?? null;
}

export const showcaseImageQueryOptions = queryOptions({
  queryKey: ["images", { limit: 1 }],
  queryFn: ({ signal }) => getShowcaseImageUrl(signal),
});

export function useShowcaseImage() {
  return useQuery(showcaseImageQueryOptions);
}
