import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function CollectionPage() {
  return <ScreenPlaceholder title="Collection" />;
}
