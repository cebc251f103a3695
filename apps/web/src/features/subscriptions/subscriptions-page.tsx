import { isAdmin, principalOf } from "@sawdust/shared";
import { useUser } from "@/lib/api/get-current-user";
import { AdminSubscriptionsPage } from "./admin-subscriptions-page";
import { MemberPlanPage } from "./member-plan-page";

// The root layout's past-due banner loads from this module: one chunk for billing's screens
// rather than another name for the first download to carry.
export { PastDueBanner } from "./components/past-due-banner";

/** /subscriptions (spec section 2): admins see every subscription, members their own plan. */
export function SubscriptionsPage() {
  const { data: user } = useUser();
  return isAdmin(principalOf(user)) ? <AdminSubscriptionsPage /> : <MemberPlanPage />;
}
