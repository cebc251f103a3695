import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function HeroConfigPage() {
  return <ScreenPlaceholder title="Hero Configuration" />;
}
