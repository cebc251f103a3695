import type { AdminImage } from "@sawdust/shared";
import { queryOptions } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

/** One image as the edit page holds it, and its version: what its save names in `If-Match`. */
export interface VersionedImage {
  image: AdminImage;
  version: string | undefined;
}

/** GET /api/v1/admin/images/{id}: the image for the edit page, with its version (ETag). */
export async function getAdminImage(
  imageId: number,
  signal?: AbortSignal,
): Promise<VersionedImage> {
  const { data, version } = await api.getVersioned<AdminImage>(`/api/v1/admin/images/${imageId}`, {
    signal,
  });
  return { image: data, version: version ?? undefined };
}

/** Under the image queries, so that every save's refresh of them reaches it too. */
export function adminImageQueryOptions(imageId: number) {
  return queryOptions({
    queryKey: [...IMAGES_QUERY_KEY, "admin-detail", imageId],
    queryFn: ({ signal }) => getAdminImage(imageId, signal),
  });
}
