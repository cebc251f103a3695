import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function AuditPage() {
  return <ScreenPlaceholder title="Audit Log" />;
}
