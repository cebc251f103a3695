import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function AdminSubscriptionsPage() {
  return <ScreenPlaceholder title="Subscriptions" />;
}
