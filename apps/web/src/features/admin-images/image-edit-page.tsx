import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function ImageEditPage() {
  return <ScreenPlaceholder title="Edit Image" />;
}
