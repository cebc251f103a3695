import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function ExplorePage() {
  return <ScreenPlaceholder title="Explore" />;
}
