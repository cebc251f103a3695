import { retryingLazy } from "@/lib/retrying-lazy";

// The page's code is one step further away than the router's lazy chunk: the first download of
// every page lists each lazy chunk's dependencies by name, and this page's (icons, figures) stay
// out of that list.
const DashboardView = retryingLazy(
  () => import("./dashboard-view"),
  (m) => m.DashboardView,
);

/** /admin/dashboard: the figures, the system status and the admin pages (dashboard-view.tsx). */
export function AdminDashboardPage() {
  return <DashboardView />;
}
