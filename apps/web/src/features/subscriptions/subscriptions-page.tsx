import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";
import { isAdmin, useUser } from "@/lib/auth";

/** Admins manage every subscription here; members see their own plan. */
export function SubscriptionsPage() {
  const { data: user } = useUser();
  return <ScreenPlaceholder title={isAdmin(user) ? "Subscriptions" : "Your Plan"} />;
}
