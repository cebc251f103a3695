import { Outlet, ScrollRestoration, useNavigation } from "react-router";
import { TopNav } from "@/features/navigation/components/top-nav";

/** A thin bar along the top while the next page's code or data loads. */
function NavigationProgress() {
  const { state } = useNavigation();
  if (state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-brand motion-reduce:animate-none"
    />
  );
}

export function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <NavigationProgress />
      <TopNav />
      <main className="flex-1">
        <Outlet />
      </main>
      <ScrollRestoration />
    </div>
  );
}
