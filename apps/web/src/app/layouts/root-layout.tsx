import { PRO_TIERS } from "@sawdust/shared";
import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router";
import { ErrorBoundary } from "@/components/layout/error-boundary";
import { PageSpinner } from "@/components/layout/page-spinner";
import { TopNav } from "@/features/navigation/components/top-nav";
import { useEndedSession, useUser } from "@/lib/api/get-current-user";
import { focusMainContent, MAIN_CONTENT_ID } from "@/lib/main-content";
import { retryingLazy } from "@/lib/retrying-lazy";
import { page as lazyExport } from "../lazy-page";

// Asks a Pro member to update their card while a renewal has failed (past_due), on every page.
const PastDueBanner = lazyExport(
  () => import("@/features/subscriptions/subscriptions-page"),
  "PastDueBanner",
);

// Over the page of a member whose session ended: sign in again, or leave (with the sign-in form's
// code, which the page may not have).
const SessionEndedDialog = retryingLazy(
  () => import("@/features/auth/session-ended-dialog"),
  (m) => m.SessionEndedDialog,
);

const GALLERY_PATHS = /^\/(gallery)?$|^\/image\/[^/]+$/;

/**
 * A new page starts at the top, with the keyboard's focus on its main region. Back and Forward
 * keep the browser's own scroll restoration, and move the focus too. Neither happens for a new
 * query string (the gallery's filters) nor between the gallery's own addresses (an image's detail
 * opened over it keeps the gallery where it was, under the dialog). `pathname` is the page shown
 * (under an image opened over it, that page's). Called above the page's `<Routes location>`:
 * inside it React Router reports every navigation as a POP.
 *
 * The focus: a screen reader then announces the page, and Tab goes on from its top (the link or
 * button that led there has usually gone with the old page, dropping the focus to `<body>`). Not
 * for a redirect before anyone has used the page (the browser's sticky user activation); what
 * the new page focused itself (a form field's `autoFocus`) keeps the focus.
 */
export function useNewPageStart(pathname: string): void {
  const navigationType = useNavigationType();
  const previous = useRef(pathname);
  useEffect(() => {
    const from = previous.current;
    previous.current = pathname;
    if (from === pathname || (GALLERY_PATHS.test(from) && GALLERY_PATHS.test(pathname))) return;
    if (navigationType !== "POP") window.scrollTo(0, 0);
    if (
      navigator.userActivation?.hasBeenActive !== false &&
      !document.activeElement?.closest("main")
    )
      focusMainContent({ preventScroll: true });
  }, [pathname, navigationType]);
}

/** The first stop of the Tab key, shown only when focused: past the header to the page itself. */
function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      // Focus moves without touching the address (a hash would be a history entry of its own).
      onClick={(event) => {
        event.preventDefault();
        focusMainContent();
      }}
      className="fixed left-3 top-3 z-50 -translate-y-20 rounded-md bg-primary px-4 py-2.5 text-sm font-medium text-primary-foreground shadow-lg focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}

/** The page frame: the header (unless `bare`, as the auth screen has its own), then the page. */
export function RootLayout({ bare = false }: { bare?: boolean }) {
  const { pathname } = useLocation();
  const { data: user } = useUser();
  const ended = useEndedSession();
  const page = (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      {ended && (
        <Suspense fallback={null}>
          <SessionEndedDialog key={ended.user.id} ended={ended} />
        </Suspense>
      )}
    </ErrorBoundary>
  );
  if (bare) {
    return (
      <>
        <SkipLink />
        {page}
      </>
    );
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      {/* A boundary of its own: React hydrates the server's header after the page frame, in
          short slices, rather than in the frame's one long task (the page's content has one
          already, above). A click on it before then hydrates it at once and is replayed. */}
      <Suspense fallback={null}>
        <TopNav />
      </Suspense>
      {/* Its code and its request only for Pro members, whom a failed renewal may concern. */}
      {user && PRO_TIERS.includes(user.tier) && (
        <Suspense fallback={null}>
          <PastDueBanner />
        </Suspense>
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        {page}
      </main>
    </div>
  );
}
