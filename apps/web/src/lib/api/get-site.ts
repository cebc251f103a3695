import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The site settings' cache key: the admin settings page writes it after a save. */
export const SITE_QUERY_KEY = ["site"] as const;

/** What the app shows until the site's own settings arrive (and if they cannot). */
const DEFAULTS: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  freeTier: { ...DEFAULT_SITE_SETTINGS.freeTier },
};

/** GET /api/v1/site: the site's name, registration, default edition type and free-tier limits. */
export function getSite(signal?: AbortSignal): Promise<SiteSettings> {
  return api.get<SiteSettings>("/api/v1/site", { signal });
}

export const siteQueryOptions = queryOptions({
  queryKey: SITE_QUERY_KEY,
  queryFn: ({ signal }) => getSite(signal),
  // An admin may change them at any time: an open page reads them again on its next screen after
  // a minute (the admin's own page at once: the settings form writes the saved copy here).
  staleTime: 60_000,
});

/**
 * The site settings, or the defaults while they load (the server render and the first paint show
 * those too, so hydration matches). `isPlaceholderData` says which.
 */
export function useSite() {
  const query = useQuery({ ...siteQueryOptions, placeholderData: DEFAULTS });
  return { ...query, site: query.data ?? DEFAULTS };
}
