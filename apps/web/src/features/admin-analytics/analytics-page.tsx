import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function AnalyticsPage() {
  return <ScreenPlaceholder title="Analytics" />;
}
