import { isAdmin, principalOf } from "@sawdust/shared";
import { Suspense } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageSpinner } from "@/components/layout/page-spinner";
import { useUser } from "@/lib/api/get-current-user";
import { retryingLazy } from "@/lib/retrying-lazy";
import { paths } from "./paths";

const GalleryView = retryingLazy(
  () => import("@/features/gallery/gallery-view"),
  (m) => m.GalleryView,
);

/** Signed-in pages. A visitor gets the gallery landing view in their place, at the same URL. */
export function SignedInOnly() {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (user) return <Outlet />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <GalleryView />
    </Suspense>
  );
}

/** Signed-in pages that send a visitor to sign in first, and back here afterwards. */
export function SignedInOrSignIn() {
  const { data: user, isPending } = useUser();
  const { pathname, search } = useLocation();
  if (isPending) return <PageSpinner />;
  if (user) return <Outlet />;
  return <Navigate to={paths.auth.getHref(`${pathname}${search}`)} replace />;
}

/** Admin pages; everyone else goes to the home page. */
export function AdminOnly() {
  const { data: user, isPending } = useUser();
  if (isPending) return <PageSpinner />;
  if (isAdmin(principalOf(user))) return <Outlet />;
  return <Navigate to={paths.home.getHref()} replace />;
}
