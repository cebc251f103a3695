import { isAdmin, principalOf } from "@sawdust/shared";
import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";
import { useUser } from "@/lib/api/get-current-user";

/** Admins manage every subscription here; members see their own plan. */
export function SubscriptionsPage() {
  const { data: user } = useUser();
  return <ScreenPlaceholder title={isAdmin(principalOf(user)) ? "Subscriptions" : "Your Plan"} />;
}
