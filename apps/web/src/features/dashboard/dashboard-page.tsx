import type { User } from "@sawdust/shared";
import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";
import { Badge } from "@/components/ui/badge";
import { isAdmin, isPro, useUser } from "@/lib/auth";

function MembershipBadge({ user }: { user: User }) {
  if (isAdmin(user)) return <Badge>ADMIN</Badge>;
  if (isPro(user)) return <Badge variant="brand">PRO</Badge>;
  return <Badge variant="secondary">Free</Badge>;
}

export function DashboardPage() {
  const { data: user } = useUser();
  if (!user) return null;

  return (
    <ScreenPlaceholder title="Member Dashboard" testId="dashboard-page">
      <p className="flex flex-wrap items-center gap-3 text-lg">
        <span>Welcome, {user.username}</span>
        <MembershipBadge user={user} />
      </p>
    </ScreenPlaceholder>
  );
}
