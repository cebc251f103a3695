import { MESSAGES, type SiteSettings } from "@sawdust/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SITE_QUERY_KEY } from "@/lib/api/get-site";
import { api } from "@/lib/api-client";
import { type ChangedFields, saveChanges } from "@/lib/save-changes";
import { SETTINGS_QUERY_KEY } from "./get-settings";

/**
 * PUT /api/v1/admin/settings with the fields this admin changed put onto the settings as they are
 * now: a page opened before another admin's save does not put back what they changed (such as
 * registration closed). A field this admin changed that another admin saved otherwise since the
 * form loaded is refused (412, changedElsewhere) rather than overwritten. Every process applies
 * the save at once.
 */
export function saveSettings(change: {
  values: SiteSettings;
  changed: ChangedFields<SiteSettings>;
  /** The values the form started from. */
  loaded: unknown;
}): Promise<SiteSettings> {
  return saveChanges({
    conflict: MESSAGES.siteSettings.changedElsewhere,
    read: () => api.getVersioned<SiteSettings>("/api/v1/admin/settings"),
    write: (settings, version) =>
      api.put<SiteSettings>("/api/v1/admin/settings", settings, { ifMatch: version }),
    ...change,
  });
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
