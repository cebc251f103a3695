import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject, RouterProvider } from "react-router";
import { PageSpinner } from "@/components/layout/page-spinner";
import { AdminOnly, SignedInOnly, SignedInOrSignIn } from "./guards";
import { RootLayout } from "./layouts/root-layout";
import { paths } from "./paths";
import { NotFoundPage } from "./routes/not-found";
import { RouteErrorPage } from "./routes/route-error";

/** Each screen's code loads when it is first visited, keeping the first download small. */
function lazyPage(load: () => Promise<ComponentType>): RouteObject["lazy"] {
  return { Component: load };
}

// A new lazy definition per route: the router keeps its loading state on the object it is given.
const galleryView = () =>
  lazyPage(() => import("./routes/gallery-route").then((m) => m.GalleryRoute));

const routes: RouteObject[] = [
  {
    path: paths.auth.path,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    lazy: lazyPage(() => import("@/features/auth/auth-screen").then((m) => m.AuthScreen)),
  },
  {
    path: paths.home.path,
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteErrorPage,
    children: [
      { index: true, lazy: galleryView() },
      { path: paths.gallery.path, lazy: galleryView() },
      { path: paths.image.path, lazy: galleryView() },
      {
        path: paths.explore.path,
        lazy: lazyPage(() => import("@/features/explore/explore-page").then((m) => m.ExplorePage)),
      },
      {
        path: paths.tag.path,
        lazy: lazyPage(() => import("@/features/tag/tag-page").then((m) => m.TagPage)),
      },
      {
        path: paths.oneOfOne.path,
        lazy: lazyPage(() =>
          import("@/features/editions/one-of-one-page").then((m) => m.OneOfOnePage),
        ),
      },
      {
        path: paths.openEditions.path,
        lazy: lazyPage(() =>
          import("@/features/editions/open-editions-page").then((m) => m.OpenEditionsPage),
        ),
      },
      {
        Component: SignedInOnly,
        children: [
          {
            path: paths.dashboard.path,
            lazy: lazyPage(() =>
              import("@/features/dashboard/dashboard-page").then((m) => m.DashboardPage),
            ),
          },
          {
            path: paths.collections.path,
            lazy: lazyPage(() =>
              import("@/features/collections/collections-page").then((m) => m.CollectionsPage),
            ),
          },
          {
            path: paths.newCollection.path,
            lazy: lazyPage(() =>
              import("@/features/collections/new-collection-page").then((m) => m.NewCollectionPage),
            ),
          },
          {
            path: paths.collection.path,
            lazy: lazyPage(() =>
              import("@/features/collections/collection-page").then((m) => m.CollectionPage),
            ),
          },
          {
            path: paths.subscriptions.path,
            lazy: lazyPage(() =>
              import("@/features/subscriptions/subscriptions-page").then(
                (m) => m.SubscriptionsPage,
              ),
            ),
          },
        ],
      },
      {
        // The spec sends visitors to sign in here rather than showing the gallery.
        Component: SignedInOrSignIn,
        children: [
          {
            path: paths.artistProfile.path,
            lazy: lazyPage(() =>
              import("@/features/artist-profile/artist-profile-page").then(
                (m) => m.ArtistProfilePage,
              ),
            ),
          },
        ],
      },
      {
        Component: AdminOnly,
        children: [
          {
            path: paths.upload.path,
            lazy: lazyPage(() => import("@/features/upload/upload-page").then((m) => m.UploadPage)),
          },
          {
            path: paths.admin.dashboard.path,
            lazy: lazyPage(() =>
              import("@/features/admin-dashboard/admin-dashboard-page").then(
                (m) => m.AdminDashboardPage,
              ),
            ),
          },
          {
            path: paths.admin.hero.path,
            lazy: lazyPage(() =>
              import("@/features/admin-hero/hero-config-page").then((m) => m.HeroConfigPage),
            ),
          },
          {
            path: paths.admin.images.path,
            lazy: lazyPage(() =>
              import("@/features/admin-images/image-management-page").then(
                (m) => m.ImageManagementPage,
              ),
            ),
          },
          {
            path: paths.admin.editImage.path,
            lazy: lazyPage(() =>
              import("@/features/admin-images/image-edit-page").then((m) => m.ImageEditPage),
            ),
          },
          {
            path: paths.admin.subscriptions.path,
            lazy: lazyPage(() =>
              import("@/features/subscriptions/admin-subscriptions-page").then(
                (m) => m.AdminSubscriptionsPage,
              ),
            ),
          },
          {
            path: paths.admin.subscribers.path,
            lazy: lazyPage(() =>
              import("@/features/admin-subscribers/subscribers-page").then(
                (m) => m.SubscribersPage,
              ),
            ),
          },
          {
            path: paths.admin.apiKeys.path,
            lazy: lazyPage(() =>
              import("@/features/admin-api-keys/api-keys-page").then((m) => m.ApiKeysPage),
            ),
          },
          // Unknown admin paths: a 404 for admins, the home page for everyone else.
          { path: paths.admin.unknown.path, Component: NotFoundPage },
        ],
      },
      { path: "*", Component: NotFoundPage },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
