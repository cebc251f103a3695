import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function NewCollectionPage() {
  return <ScreenPlaceholder title="New Collection" />;
}
