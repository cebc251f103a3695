import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function OpenEditionsPage() {
  return <ScreenPlaceholder title="Editions" />;
}
