import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function UploadPage() {
  return <ScreenPlaceholder title="Upload Artwork" />;
}
