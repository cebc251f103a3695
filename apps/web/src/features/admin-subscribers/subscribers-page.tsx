import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function SubscribersPage() {
  return <ScreenPlaceholder title="Subscribers" />;
}
