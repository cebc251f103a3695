import type { HeroContent, HeroContentBody } from "@sawdust/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/**
 * POST /api/v1/hero-content/preview: what the server would store for these fields, sanitised by
 * the same code as a save, so the preview is exactly what visitors will see. Nothing is stored.
 */
export function previewHeroContent(body: HeroContentBody): Promise<HeroContent> {
  return api.post<HeroContent>("/api/v1/hero-content/preview", body);
}

export const heroPreviewQueryOptions = (body: HeroContentBody) =>
  queryOptions({
    queryKey: ["hero-preview", body.title, body.subtitle, body.isVisible] as const,
    queryFn: () => previewHeroContent(body),
    // The same fields always sanitise alike: a preview once made is kept for the page's life.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The sanitised preview of the fields as they are; asked only while a tab shows it. */
export function useHeroPreview(body: HeroContentBody, enabled: boolean) {
  return useQuery({
    ...heroPreviewQueryOptions(body),
    enabled,
    // While the next preview loads, the last one stays on screen rather than a skeleton.
    placeholderData: keepPreviousData,
  });
}
