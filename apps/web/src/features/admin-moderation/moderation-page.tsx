import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function ModerationPage() {
  return <ScreenPlaceholder title="Moderation" />;
}
