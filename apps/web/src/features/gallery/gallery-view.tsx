import { HYDRATES_LATER_ATTRIBUTE, hasProAccess, principalOf } from "@sawdust/shared";
import type { ComponentType } from "react";
import { useMatch } from "react-router";
import { paths } from "@/app/paths";
import { useUser } from "@/lib/api/get-current-user";
import { useHeroContent } from "@/lib/api/get-hero-content";
import { deferredComponent } from "@/lib/deferred-component";
import { useDocumentTitle } from "@/lib/document-title";
import type { GalleryHeroProps } from "./components/gallery-hero";
import { GalleryImages } from "./components/gallery-images";
import type { GalleryToolbarProps } from "./components/gallery-toolbar";
import { useGalleryFilters } from "./use-gallery-filters";
import { useGalleryImages } from "./use-gallery-images";
import { useShownGalleryLayout } from "./use-gallery-layout";
import { useImageRedirectHash } from "./use-image-redirect-hash";

// The hero, the Pro offer and the toolbar are not in the page's first JavaScript (issue 20): their
// code starts loading with the gallery's, and they hydrate once it is here. Their props change only
// with the hero's, the member's, the list's or the filters' data.
const DeferredGalleryHero = deferredComponent(
  () => import("./components/gallery-hero"),
  (m): ComponentType<GalleryHeroProps> => m.GalleryHero,
);
const DeferredGalleryToolbar = deferredComponent(
  () => import("./components/gallery-toolbar"),
  (m): ComponentType<GalleryToolbarProps> => m.GalleryToolbar,
);

/**
 * The gallery landing view: at / and /gallery, at /image/:imageId (behind that image's detail),
 * and in place of any signed-in page a visitor asks for.
 */
export function GalleryView() {
  useImageRedirectHash();
  const filters = useGalleryFilters();
  const layout = useShownGalleryLayout();
  // The image list is asked for first: it is what the visitor waits for.
  const list = useGalleryImages(filters.filters);
  const hero = useHeroContent();
  const user = useUser();

  // The hero and the Pro offer change the height above the grid: the page appears once both are
  // known (a round trip the image list needs anyway), so nothing shifts when they arrive.
  const ready = !hero.isPending && !user.isPending;
  const member = user.data ?? null;
  const showPro = !hasProAccess(principalOf(member));
  const heroContent = hero.data?.isVisible ? hero.data : null;
  // Under a share link's open detail (/image/:id, not an image opened over this page, which keeps
  // the page's own address here): on a phone the detail covers the whole screen, and the gallery
  // under it is neither styled nor laid out until it closes. It was half of the page's first
  // style and layout work, on a phone's slow CPU just after its first paint. Meanwhile it stands
  // as tall as a first page of tiles could be, so the scroll a reload restores (an image opened
  // from far down the gallery, then the page reloaded) is not cut to the top.
  const underSharedDetail = useMatch(paths.image.path) !== null;
  // The tab names the shared image (the server's title, then the dialog's), never the gallery
  // under it while the dialog's code comes (round 31).
  useDocumentTitle(underSharedDetail ? undefined : "Gallery");

  return (
    <div
      data-testid="gallery-view"
      className={
        underSharedDetail
          ? "min-h-[calc(100dvh-4rem)] pb-20 max-md:[content-visibility:hidden] max-md:[contain-intrinsic-block-size:auto_6000px]"
          : "min-h-[calc(100dvh-4rem)] pb-20"
      }
    >
      {ready && (
        <>
          {(heroContent || showPro) && (
            <div
              className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6"
              {...{ [HYDRATES_LATER_ATTRIBUTE]: "" }}
            >
              <DeferredGalleryHero content={heroContent} member={member} showPro={showPro} />
            </div>
          )}
          <DeferredGalleryToolbar total={list.total} filters={filters} />
          <div className="mx-auto w-full max-w-7xl px-4 pt-5 sm:px-6 sm:pt-6">
            <GalleryImages
              list={list}
              filters={filters.filters}
              filterCount={filters.count}
              layout={layout}
              onClearFilters={filters.clear}
            />
          </div>
        </>
      )}
    </div>
  );
}
