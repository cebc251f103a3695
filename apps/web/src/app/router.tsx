import { pathDecodes } from "@sawdust/shared";
import { BrowserRouter, matchPath, Route, Routes, useLocation } from "react-router";
import { backgroundOf } from "@/lib/detail-route";
import { useServedHeadForItsPageOnly } from "@/lib/document-title";
import { AdminOnly, SignedInOnly, SignedInOrSignIn } from "./guards";
import { RootLayout, useNewPageStart } from "./layouts/root-layout";
import { page } from "./lazy-page";
import { paths } from "./paths";
import { ImageDetailRoute } from "./routes/image-detail-route";

/*
 * Each screen's code loads when it is first visited (lazy-page.ts), keeping the first download
 * small. The router is React Router's declarative mode: the data router (loaders, actions) would
 * double its weight in the first download, and no screen uses loaders.
 */

// The gallery too: the server names each page's chunks in its HTML (modulepreload), so they
// download beside the app's code rather than after it, and no page carries another's code.
const GalleryRoute = page(() => import("./routes/gallery-route"), "GalleryRoute");
const NotFoundPage = page(() => import("./routes/not-found"), "NotFoundPage");
const AuthScreen = page(() => import("@/features/auth/auth-screen"), "AuthScreen");
const ExplorePage = page(() => import("@/features/explore/explore-page"), "ExplorePage");
const TagPage = page(() => import("@/features/tag/tag-page"), "TagPage");
const OneOfOnePage = page(() => import("@/features/editions/one-of-one-page"), "OneOfOnePage");
const OpenEditionsPage = page(
  () => import("@/features/editions/open-editions-page"),
  "OpenEditionsPage",
);
const DashboardPage = page(() => import("@/features/dashboard/dashboard-page"), "DashboardPage");
const CollectionsPage = page(
  () => import("@/features/collections/collections-page"),
  "CollectionsPage",
);
const NewCollectionPage = page(
  () => import("@/features/collections/new-collection-page"),
  "NewCollectionPage",
);
const CollectionPage = page(
  () => import("@/features/collections/collection-page"),
  "CollectionPage",
);
const SubscriptionsPage = page(
  () => import("@/features/subscriptions/subscriptions-page"),
  "SubscriptionsPage",
);
const ArtistProfilePage = page(
  () => import("@/features/artist-profile/artist-profile-page"),
  "ArtistProfilePage",
);
const UploadPage = page(() => import("@/features/upload/upload-page"), "UploadPage");
const AdminDashboardPage = page(
  () => import("@/features/admin-dashboard/admin-dashboard-page"),
  "AdminDashboardPage",
);
const HeroConfigPage = page(
  () => import("@/features/admin-hero/hero-config-page"),
  "HeroConfigPage",
);
const ImageManagementPage = page(
  () => import("@/features/admin-images/image-management-page"),
  "ImageManagementPage",
);
const ImageEditPage = page(
  () => import("@/features/admin-images/image-edit-page"),
  "ImageEditPage",
);
const SubscribersPage = page(
  () => import("@/features/admin-subscribers/subscribers-page"),
  "SubscribersPage",
);
const ApiKeysPage = page(() => import("@/features/admin-api-keys/api-keys-page"), "ApiKeysPage");
const UsersPage = page(() => import("@/features/admin-users/users-page"), "UsersPage");
const ModerationPage = page(
  () => import("@/features/admin-moderation/moderation-page"),
  "ModerationPage",
);
const AnalyticsPage = page(
  () => import("@/features/admin-analytics/analytics-page"),
  "AnalyticsPage",
);
const SettingsPage = page(() => import("@/features/admin-settings/settings-page"), "SettingsPage");
const AuditPage = page(() => import("@/features/admin-audit/audit-page"), "AuditPage");
const MailOutboxPage = page(
  () => import("@/features/admin-mail/mail-outbox-page"),
  "MailOutboxPage",
);
const SecurityPage = page(() => import("@/features/two-factor/security-page"), "SecurityPage");
const AccountPage = page(() => import("@/features/account/account-page"), "AccountPage");
const PasswordResetPage = page(
  () => import("@/features/auth/password-reset-page"),
  "PasswordResetPage",
);
const VerifyEmailPage = page(() => import("@/features/auth/verify-email-page"), "VerifyEmailPage");
const LicencePage = page(() => import("@/features/licence/licence-page"), "LicencePage");
const LibraryPage = page(() => import("@/features/library/library-page"), "LibraryPage");
const VerifyPage = page(() => import("@/features/certificate/verify-page"), "VerifyPage");
const SalesPage = page(() => import("@/features/admin-sales/sales-page"), "SalesPage");
const SandboxPage = page(() => import("@/features/billing-sandbox/sandbox-page"), "SandboxPage");

/** The app in the browser: the routes under the browser's history. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * Every route of spec section 2, with its guard (the server render uses them too). An image opened
 * from a page of the app is shown over that page, which stays rendered as it was (lib/detail-route).
 */
export function AppRoutes() {
  const location = useLocation();
  const background = backgroundOf(location.state);
  const overPage = background && matchPath(paths.image.path, location.pathname);
  useNewPageStart(overPage ? background.pathname : location.pathname);
  useServedHeadForItsPageOnly(`${location.pathname}${location.search}`);
  // An address whose escapes do not decode (`/tag/%E0%A4`) names no page (the server said 400).
  if (!pathDecodes(location.pathname)) {
    return <PageRoutes location={{ ...location, pathname: "/not-a-page" }} />;
  }
  return (
    <>
      <PageRoutes location={overPage ? background : location} />
      {overPage && (
        <Routes>
          <Route path={paths.image.path} element={<ImageDetailRoute />} />
        </Routes>
      )}
    </>
  );
}

function PageRoutes({ location }: { location: ReturnType<typeof useLocation> }) {
  return (
    <Routes location={location}>
      {/* Pages with their own frame: sign-in, and the sandbox provider's stand-ins for Stripe's. */}
      <Route element={<RootLayout bare />}>
        <Route path={paths.auth.path} element={<AuthScreen />} />
        <Route path={paths.sandboxCheckout.path} element={<SandboxPage />} />
        <Route path={paths.sandboxPortal.path} element={<SandboxPage />} />
      </Route>
      <Route element={<RootLayout />}>
        <Route index element={<GalleryRoute />} />
        <Route path={paths.gallery.path} element={<GalleryRoute />} />
        <Route path={paths.image.path} element={<GalleryRoute />} />
        <Route path={paths.explore.path} element={<ExplorePage />} />
        <Route path={paths.tag.path} element={<TagPage />} />
        <Route path={paths.oneOfOne.path} element={<OneOfOnePage />} />
        <Route path={paths.openEditions.path} element={<OpenEditionsPage />} />
        <Route path={paths.licence.path} element={<LicencePage />} />
        <Route path={paths.verifyCertificate.path} element={<VerifyPage />} />
        <Route path={paths.passwordReset.path} element={<PasswordResetPage />} />
        <Route path={paths.verifyEmail.path} element={<VerifyEmailPage />} />
        <Route element={<SignedInOnly />}>
          <Route path={paths.dashboard.path} element={<DashboardPage />} />
          <Route path={paths.collections.path} element={<CollectionsPage />} />
          <Route path={paths.newCollection.path} element={<NewCollectionPage />} />
          <Route path={paths.collection.path} element={<CollectionPage />} />
          <Route path={paths.subscriptions.path} element={<SubscriptionsPage />} />
          <Route path={paths.library.path} element={<LibraryPage />} />
          <Route path={paths.account.path} element={<AccountPage />} />
        </Route>
        {/* The spec sends visitors to sign in here rather than showing the gallery. */}
        <Route element={<SignedInOrSignIn />}>
          <Route path={paths.artistProfile.path} element={<ArtistProfilePage />} />
          <Route path={paths.accountSecurity.path} element={<SecurityPage />} />
        </Route>
        <Route element={<AdminOnly />}>
          <Route path={paths.upload.path} element={<UploadPage />} />
          <Route path={paths.admin.dashboard.path} element={<AdminDashboardPage />} />
          <Route path={paths.admin.hero.path} element={<HeroConfigPage />} />
          <Route path={paths.admin.images.path} element={<ImageManagementPage />} />
          <Route path={paths.admin.editImage.path} element={<ImageEditPage />} />
          {/* The same page as /subscriptions, which shows an admin the subscription list. */}
          <Route path={paths.admin.subscriptions.path} element={<SubscriptionsPage />} />
          <Route path={paths.admin.subscribers.path} element={<SubscribersPage />} />
          <Route path={paths.admin.apiKeys.path} element={<ApiKeysPage />} />
          <Route path={paths.admin.users.path} element={<UsersPage />} />
          <Route path={paths.admin.moderation.path} element={<ModerationPage />} />
          <Route path={paths.admin.analytics.path} element={<AnalyticsPage />} />
          <Route path={paths.admin.settings.path} element={<SettingsPage />} />
          <Route path={paths.admin.audit.path} element={<AuditPage />} />
          <Route path={paths.admin.mailOutbox.path} element={<MailOutboxPage />} />
          <Route path={paths.admin.sales.path} element={<SalesPage />} />
          {/* Unknown admin paths: a 404 for admins, the home page for everyone else. */}
          <Route path={paths.admin.unknown.path} element={<NotFoundPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
