import type { HeroContent, HeroContentBody } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { HERO_QUERY_KEY } from "@/lib/api/get-hero-content";
import { api } from "@/lib/api-client";

/** PUT /api/v1/hero-content: the answer is the hero as stored, sanitised by the server. */
export function updateHeroContent(body: HeroContentBody): Promise<HeroContent> {
  return api.put<HeroContent>("/api/v1/hero-content", body);
}

/** Saves the hero; the gallery (in this tab) shows the stored copy from then on. */
export function useUpdateHeroContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHeroContent,
    onSuccess: (saved) => queryClient.setQueryData<HeroContent>(HERO_QUERY_KEY, saved),
  });
}
