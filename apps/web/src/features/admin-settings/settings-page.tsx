import { MESSAGES } from "@sawdust/shared";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { LoadErrorPanel } from "@/components/layout/state-panels";
import { Skeleton } from "@/components/ui/skeleton";
import { useSettings } from "./api/get-settings";
import { SettingsForm } from "./components/settings-form";

/**
 * /admin/settings (admin console): the site's name, registration, the free tier's limits and the
 * default edition type, stored in the database and applied without a restart.
 */
export function SettingsPage() {
  const settings = useSettings();
  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Settings"
        description="Applied at once on every page; each save is in the audit log."
      />
      <div className="max-w-3xl pt-8">
        {settings.isPending ? (
          <div role="status" aria-label="Loading settings" className="grid gap-6">
            <Skeleton className="h-56 rounded-xl" />
            <Skeleton className="h-40 rounded-xl" />
          </div>
        ) : settings.isError ? (
          <LoadErrorPanel
            title={MESSAGES.siteSettings.loadFailed}
            text={settings.error.message}
            onRetry={() => void settings.refetch()}
          />
        ) : (
          <SettingsForm settings={settings.data} />
        )}
      </div>
    </AdminPageFrame>
  );
}
