import { DEFAULT_SITE_SETTINGS } from "@sawdust/shared";
import { useEffect, useRef } from "react";
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

/** What the server wrote into the head about the page it served (page-head.ts, share-meta.ts). */
const SERVED_PAGE_HEAD = [
  'link[rel="canonical"]',
  'meta[name="description"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(",");

/**
 * The page's canonical link, description, share tags and structured data describe the page the
 * server served; once the app shows another (`page`: its path and query), they would tell a share
 * sheet, an extension or a reader of the head about the wrong page, so they go. Crawlers read each
 * page as served.
 */
export function useServedHeadForItsPageOnly(page: string): void {
  const served = useRef(page);
  useEffect(() => {
    if (page === served.current) return;
    for (const tag of document.head.querySelectorAll(SERVED_PAGE_HEAD)) tag.remove();
  }, [page]);
}
