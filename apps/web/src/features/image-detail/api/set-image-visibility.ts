import type { Image } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeChangedImage } from "./image-cache";

export function useSetImageVisibility(imageId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (isPublic: boolean) =>
      api.patch<Image>(`/api/v1/images/${imageId}/visibility`, { isPublic }),
    onSuccess: (image) => storeChangedImage(queryClient, image),
  });
}
