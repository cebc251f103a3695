import { hasProAccess, principalOf } from "@sawdust/shared";
import { HeroBanner } from "@/components/hero/hero-banner";
import { useUser } from "@/lib/api/get-current-user";
import { useHeroContent } from "@/lib/api/get-hero-content";
import { useDocumentTitle } from "@/lib/document-title";
import { GalleryImages } from "./components/gallery-images";
import { GalleryToolbar } from "./components/gallery-toolbar";
import { ProUpgradeBanner } from "./components/pro-upgrade-banner";
import { useGalleryFilters } from "./use-gallery-filters";
import { useGalleryImages } from "./use-gallery-images";
import { useGalleryLayout } from "./use-gallery-layout";
import { useImageRedirectHash } from "./use-image-redirect-hash";

/**
 * The gallery landing view: at / and /gallery, at /image/:imageId (behind that image's detail),
 * and in place of any signed-in page a visitor asks for.
 */
export function GalleryView() {
  useImageRedirectHash();
  useDocumentTitle("Gallery");
  const filters = useGalleryFilters();
  const [layout, setLayout] = useGalleryLayout();
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

  return (
    <div data-testid="gallery-view" className="min-h-[calc(100dvh-4rem)] pb-20">
      {ready && (
        <>
          {(heroContent || showPro) && (
            <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 sm:pt-6">
              {heroContent ? (
                <HeroBanner
                  content={heroContent}
                  aside={showPro ? <ProUpgradeBanner user={member} tone="dark" /> : undefined}
                />
              ) : (
                <ProUpgradeBanner user={member} tone="light" />
              )}
            </div>
          )}
          <GalleryToolbar
            total={list.total}
            filters={filters}
            layout={layout}
            onLayoutChange={setLayout}
          />
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
