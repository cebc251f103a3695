import { type HeroContent, MESSAGES } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The hero's cache key: the admin hero page invalidates it after a save. */
export const HERO_QUERY_KEY = ["hero-content"] as const;

/** GET /api/v1/hero-content; a failure reads 'Failed to fetch hero content' (spec section 8). */
export async function getHeroContent(signal?: AbortSignal): Promise<HeroContent> {
  try {
    return await api.get<HeroContent>("/api/v1/hero-content", { signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new Error(MESSAGES.heroContent.fetchFailed, { cause: error });
  }
}

export const heroContentQueryOptions = queryOptions({
  queryKey: HERO_QUERY_KEY,
  queryFn: ({ signal }) => getHeroContent(signal),
});

export function useHeroContent() {
  return useQuery(heroContentQueryOptions);
}
