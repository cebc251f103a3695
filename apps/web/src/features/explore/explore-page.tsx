import { MESSAGES } from "@sawdust/shared";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { LoadErrorPanel } from "@/components/layout/state-panels";
import { useDocumentTitle } from "@/lib/document-title";
import { retryingLazy } from "@/lib/retrying-lazy";
import { useExploreTags } from "./api/get-explore-tags";
import { ArtStyles, ColorThemes, CuratedCollections } from "./components/curated-sections";
import { ExploreSection } from "./components/explore-section";
import { FeaturedCategories, FeaturedCategoriesSkeleton } from "./components/featured-categories";
import { TagBadges, TagBadgesSkeleton } from "./components/tag-badges";
import { useScrollToHash } from "./use-scroll-to-hash";

/**
 * /explore?tag=x's own code, loaded when a tag is browsed: /explore, the page a link lands on
 * most, does not download it (issue 20: a page's first JavaScript is what it shows).
 */
const TagBrowser = retryingLazy(
  () => import("./components/tag-browser"),
  (m) => m.TagBrowser,
);

/** The page's sections, in order; the search palette's "View all" links use these anchors. */
const SECTIONS = [
  { id: "featured", label: "Featured" },
  { id: "popular-tags", label: "Tags" },
  { id: "art-styles", label: "Styles" },
  { id: "collections", label: "Collections" },
  { id: "color-themes", label: "Color themes" },
] as const;

/** /explore: featured categories and every tag; /explore?tag=x browses one tag. */
export function ExplorePage() {
  const [searchParams] = useSearchParams();
  const tag = searchParams.get("tag")?.trim();
  return tag ? <TagBrowser tag={tag} /> : <ExploreOverview />;
}

function ExploreOverview() {
  useDocumentTitle("Explore");
  const explore = useExploreTags();
  useScrollToHash(!explore.isPending);
  const allTags = useMemo(
    () => (explore.data ? [...explore.data.featured, ...explore.data.other] : []),
    [explore.data],
  );
  const counts = useMemo(
    () => (explore.data ? new Map(allTags.map((t) => [t.tag, t.count])) : undefined),
    [explore.data, allTags],
  );

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="border-b pb-6">
        <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
          Discover
        </p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
          Explore
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
          Find your next piece by subject, style or colour.
        </p>
        <nav
          aria-label="Explore sections"
          className="mt-5 -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
        >
          <ul className="flex gap-2">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <Link
                  to={{ hash: section.id }}
                  className="inline-flex h-8 items-center rounded-full border bg-card px-3.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:border-brand hover:text-foreground"
                >
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>

      <div className="pt-10">
        {explore.isError ? (
          <LoadErrorPanel
            title={MESSAGES.explore.somethingWrong}
            text={MESSAGES.explore.loadFailed}
            onRetry={() => void explore.refetch()}
          />
        ) : (
          <>
            {(explore.isPending || (explore.data?.featured.length ?? 0) > 0) && (
              <ExploreSection
                id="featured"
                title="Featured categories"
                description="The subjects collectors return to most."
              >
                {explore.data ? (
                  <FeaturedCategories featured={explore.data.featured} />
                ) : (
                  <FeaturedCategoriesSkeleton />
                )}
              </ExploreSection>
            )}
            <ExploreSection
              id="popular-tags"
              title="Browse by Tags"
              description="Every tag in the gallery, with how many of its pieces carry it."
            >
              {explore.data ? <TagBadges tags={allTags} /> : <TagBadgesSkeleton />}
            </ExploreSection>
          </>
        )}
        <ExploreSection
          id="art-styles"
          title="Art Styles"
          description="From brushwork to the lens."
        >
          <ArtStyles />
        </ExploreSection>
        <ExploreSection
          id="collections"
          title="Collections"
          description="Sets of work to start from."
        >
          <CuratedCollections />
        </ExploreSection>
        <ExploreSection
          id="color-themes"
          title="Color Themes"
          description="Every image is sorted by its palette when it is analysed."
        >
          <ColorThemes counts={counts} />
        </ExploreSection>
      </div>
    </div>
  );
}
