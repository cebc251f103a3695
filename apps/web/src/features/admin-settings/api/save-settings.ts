import type { SiteSettings } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SITE_QUERY_KEY } from "@/lib/api/get-site";
import { api } from "@/lib/api-client";
import { SETTINGS_QUERY_KEY } from "./get-settings";

/** PUT /api/v1/admin/settings: replaces the site settings; every process applies them at once. */
export function saveSettings(settings: SiteSettings): Promise<SiteSettings> {
  return api.put<SiteSettings>("/api/v1/admin/settings", settings);
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_QUERY_KEY, saved);
      // This page's header, titles and limits show the new settings at once.
      queryClient.setQueryData(SITE_QUERY_KEY, saved);
    },
  });
}
