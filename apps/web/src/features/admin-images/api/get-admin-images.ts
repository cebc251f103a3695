import type { AdminImageFilterInput, AdminImageList } from "@sawdust/shared";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

const PAGE_SIZE = 30;

/** The filter as query-string parameters (unset ones left out). */
export function filterParams(filter: AdminImageFilterInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  return params;
}

/** GET /api/v1/admin/images: one page of the admin table, newest first. */
export function getAdminImages(
  filter: AdminImageFilterInput,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AdminImageList> {
  const query = filterParams(filter);
  query.set("limit", String(PAGE_SIZE));
  if (cursor) query.set("cursor", cursor);
  return api.get<AdminImageList>(`/api/v1/admin/images?${query}`, { signal });
}

/** Under the images key: any image change anywhere (an edit, a delete, an upload) refreshes it. */
export function adminImagesQueryOptions(filter: AdminImageFilterInput) {
  return infiniteQueryOptions({
    queryKey: [...IMAGES_QUERY_KEY, "admin", filter],
    queryFn: ({ pageParam, signal }) => getAdminImages(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Analyses finish and uploads arrive meanwhile: read afresh on each visit.
    staleTime: 0,
  });
}

export function useAdminImages(filter: AdminImageFilterInput) {
  return useInfiniteQuery(adminImagesQueryOptions(filter));
}
