import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function ImageManagementPage() {
  return <ScreenPlaceholder title="Image Management" />;
}
