import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function SettingsPage() {
  return <ScreenPlaceholder title="Settings" />;
}
