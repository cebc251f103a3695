import type { SiteSettings } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const SETTINGS_QUERY_KEY = ["admin", "settings"] as const;

/** GET /api/v1/admin/settings: the site settings as they are now (admins). */
export function getSettings(signal?: AbortSignal): Promise<SiteSettings> {
  return api.get<SiteSettings>("/api/v1/admin/settings", { signal });
}

export const settingsQueryOptions = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: ({ signal }) => getSettings(signal),
  // Another admin may have saved meanwhile: the form starts from what is stored now.
  staleTime: 0,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}
