import type { Image } from "@sawdust/shared";
import type { QueryClient } from "@tanstack/react-query";
import { imageQueryOptions } from "@/lib/api/get-image";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";

/**
 * After an admin change: the dialog shows the server's answer at once, and every other image list
 * (gallery, tag pages, editions...) refetches when next shown. The open detail is left alone so it
 * does not refetch what it was just given.
 */
export function storeChangedImage(queryClient: QueryClient, image: Image): void {
  queryClient.setQueryData(imageQueryOptions(image.id).queryKey, image);
  void queryClient.invalidateQueries({
    queryKey: IMAGES_QUERY_KEY,
    predicate: (query) => !(query.queryKey[1] === "detail" && query.queryKey[2] === image.id),
  });
}

/** After a delete: forget the image and refresh the lists that showed it. */
export function forgetDeletedImage(queryClient: QueryClient, imageId: number): void {
  queryClient.removeQueries({ queryKey: imageQueryOptions(imageId).queryKey });
  void queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY });
}
