import { normalizeStyle, slugifyTag } from "@sawdust/shared";
import { paths } from "@/app/paths";

export interface SearchEntry {
  label: string;
  href: string;
}

export interface SearchGroup {
  heading: string;
  /** The matching section of the explore page: /explore#{slug}. */
  slug: string;
  entries: SearchEntry[];
}

function exploreSection(slug: string): string {
  return paths.explore.getHref(slug);
}

/**
 * The search palette's fixed shortcuts (spec "Top navigation and search"). Collections and colour
 * themes have no page of their own, so they open their section of the explore page.
 */
export const searchGroups: SearchGroup[] = [
  {
    heading: "Popular Tags",
    slug: "popular-tags",
    entries: [
      ...["Nature", "Portrait", "Landscape", "Abstract", "Wildlife", "Architecture"].map(
        (label) => ({ label, href: paths.gallery.getHref({ tag: slugifyTag(label) }) }),
      ),
      { label: "View all tags", href: paths.gallery.getHref() },
    ],
  },
  {
    heading: "Art Styles",
    slug: "art-styles",
    entries: ["Digital Art", "Oil Painting", "Watercolor", "Photography"].map((label) => ({
      label,
      href: paths.gallery.getHref({ style: normalizeStyle(label) }),
    })),
  },
  {
    heading: "Collections",
    slug: "collections",
    entries: ["Featured", "Most Popular", "Recently Added", "Editor's Choice"].map((label) => ({
      label,
      href: exploreSection("collections"),
    })),
  },
  {
    heading: "Color Themes",
    slug: "color-themes",
    entries: ["Vibrant", "Monochrome", "Pastel", "Dark"].map((label) => ({
      label,
      href: exploreSection("color-themes"),
    })),
  },
];
