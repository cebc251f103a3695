import type { Image } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IMAGES_QUERY_KEY } from "@/lib/api/get-images";
import { api } from "@/lib/api-client";

/** PATCH /api/v1/images/{id}/visibility. */
export function setImageVisibility(imageId: number, isPublic: boolean): Promise<Image> {
  return api.patch<Image>(`/api/v1/images/${imageId}/visibility`, { isPublic });
}

/** Showing or hiding one image from the table; every image list refreshes after it. */
export function useSetImageVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, isPublic }: { imageId: number; isPublic: boolean }) =>
      setImageVisibility(imageId, isPublic),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: IMAGES_QUERY_KEY }),
  });
}
