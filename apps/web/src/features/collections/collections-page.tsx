import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function CollectionsPage() {
  return <ScreenPlaceholder title="Collections" />;
}
