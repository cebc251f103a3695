import { type HeroContent, type HeroContentBody, MESSAGES } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { HERO_QUERY_KEY } from "@/lib/api/get-hero-content";
import { api } from "@/lib/api-client";
import { type ChangedFields, saveChanges } from "@/lib/save-changes";

/**
 * PUT /api/v1/hero-content with the fields this admin changed put onto the hero as it is now (a
 * page opened before another admin's save keeps what they changed). A field this admin changed
 * that another admin saved otherwise since the form loaded is refused (412, changedElsewhere)
 * rather than overwritten. The answer is the hero as stored, sanitised by the server.
 */
export function updateHeroContent(change: {
  values: HeroContentBody;
  changed: ChangedFields<HeroContentBody>;
  /** The values the form started from. */
  loaded: unknown;
}): Promise<HeroContent> {
  return saveChanges<HeroContentBody>({
    conflict: MESSAGES.hero.changedElsewhere,
    read: () => api.getVersioned<HeroContent>("/api/v1/hero-content"),
    write: (hero, version) =>
      api.put<HeroContent>("/api/v1/hero-content", hero, { ifMatch: version }),
    ...change,
  });
}

/** Saves the hero; the gallery (in this tab) shows the stored copy from then on. */
export function useUpdateHeroContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHeroContent,
    onSuccess: (saved) => queryClient.setQueryData<HeroContent>(HERO_QUERY_KEY, saved),
  });
}
