import { DEFAULT_SITE_SETTINGS } from "@sawdust/shared";
import { useEffect } from "react";
import { useSite } from "@/lib/api/get-site";

/**
 * "Explore · Sawdust", as the server writes a shared image's title; the site's name alone without
 * one. The name is the site setting (an admin may change it).
 */
export function documentTitle(
  title: string | undefined,
  siteName: string = DEFAULT_SITE_SETTINGS.siteName,
): string {
  return title ? `${title} · ${siteName}` : siteName;
}

/**
 * The browser tab's title while the calling screen is shown. A dialog's title (an image over a
 * page) gives way to the page's again when it closes. Undefined leaves the title as it is, for a
 * screen whose name is still loading.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { siteName } = useSite().site;
  useEffect(() => {
    if (title === undefined) return;
    const before = document.title;
    document.title = documentTitle(title, siteName);
    return () => {
      document.title = before;
    };
  }, [title, siteName]);
}
