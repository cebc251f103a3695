import { useEffect } from "react";

const SITE_NAME = "Sawdust";

/** "Explore · Sawdust", as the server writes a shared image's title; the site's name alone without one. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * The browser tab's title while the calling screen is shown. A dialog's title (an image over a
 * page) gives way to the page's again when it closes. Undefined leaves the title as it is, for a
 * screen whose name is still loading.
 */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (title === undefined) return;
    const before = document.title;
    document.title = documentTitle(title);
    return () => {
      document.title = before;
    };
  }, [title]);
}
