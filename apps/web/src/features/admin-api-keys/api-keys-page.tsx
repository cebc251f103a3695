import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function ApiKeysPage() {
  return <ScreenPlaceholder title="API Keys" />;
}
