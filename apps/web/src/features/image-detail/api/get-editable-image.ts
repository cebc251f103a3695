import type { Image } from "@sawdust/shared";
import { queryOptions } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

/** The image as the edit form starts from, and its version: what its save names in `If-Match`. */
export interface EditableImage {
  image: Image;
  version: string | undefined;
}

/** GET /api/v1/admin/images/{id}: the image as stored now, with its version (ETag). */
export async function getEditableImage(
  imageId: number,
  signal?: AbortSignal,
): Promise<EditableImage> {
  const { data, version } = await api.getVersioned<Image>(`/api/v1/admin/images/${imageId}`, {
    signal,
  });
  return { image: data, version: version ?? undefined };
}

/**
 * Read afresh each time the edit form opens (the dialog's own copy may be minutes old, and another
 * admin may have saved since), and forgotten once it closes.
 */
export function editableImageQueryOptions(imageId: number) {
  return queryOptions({
    queryKey: [...IMAGES_QUERY_KEY, "editable", imageId],
    queryFn: ({ signal }) => getEditableImage(imageId, signal),
    staleTime: 0,
    gcTime: 0,
  });
}
