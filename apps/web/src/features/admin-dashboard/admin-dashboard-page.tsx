import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function AdminDashboardPage() {
  return <ScreenPlaceholder title="Admin Dashboard" />;
}
