import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function ArtistProfilePage() {
  return <ScreenPlaceholder title="Artist Profile" />;
}
