import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";

export function UsersPage() {
  return <ScreenPlaceholder title="Users" />;
}
