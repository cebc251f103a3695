import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { PageSpinner } from "@/components/layout/page-spinner";
import { TopNav } from "@/features/navigation/components/top-nav";
import { RouteErrorBoundary } from "../routes/route-error";

const GALLERY_PATHS = /^\/(gallery)?$|^\/image\/[^/]+$/;

/**
 * A new page starts at the top; Back and Forward keep the browser's own scroll restoration.
 * Opening or closing an image's detail keeps the gallery where it was, under the dialog.
 */
function useScrollToTopOnNewPage(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || navigationType === "POP") return;
    if (GALLERY_PATHS.test(from) && GALLERY_PATHS.test(pathname)) return;
    window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** The page frame: the header (unless `bare`, as the auth screen has its own), then the page. */
export function RootLayout({ bare = false }: { bare?: boolean }) {
  const { pathname } = useLocation();
  useScrollToTopOnNewPage();
  const page = (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
  if (bare) return page;
  return (
    <div className="flex min-h-dvh flex-col">
      <TopNav />
      <main className="flex-1">{page}</main>
    </div>
  );
}
