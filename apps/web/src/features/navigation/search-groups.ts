import { normalizeStyle, slugifyTag } from "@sawdust/shared";
import { paths } from "@/app/paths";
import { ART_STYLES, COLOR_THEMES, CURATED_COLLECTIONS, POPULAR_TAGS } from "@/lib/tags";

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

/**
 * The search palette's fixed shortcuts (spec "Top navigation and search"). Colour themes are tags
 * the colour analysis writes, so they filter the gallery; the curated collections have no page of
 * their own yet, so they open their section of the explore page (Recently Added is the gallery).
 */
export const searchGroups: SearchGroup[] = [
  {
    heading: "Popular Tags",
    slug: "popular-tags",
    entries: [
      ...POPULAR_TAGS.map((label) => ({
        label,
        href: paths.gallery.getHref({ tag: slugifyTag(label) }),
      })),
      { label: "View all tags", href: paths.gallery.getHref() },
    ],
  },
  {
    heading: "Art Styles",
    slug: "art-styles",
    entries: ART_STYLES.map((label) => ({
      label,
      href: paths.gallery.getHref({ style: normalizeStyle(label) }),
    })),
  },
  {
    heading: "Collections",
    slug: "collections",
    entries: CURATED_COLLECTIONS.map(({ label, available }) => ({
      label,
      href: available ? paths.gallery.getHref() : paths.explore.getHref("collections"),
    })),
  },
  {
    heading: "Color Themes",
    slug: "color-themes",
    entries: COLOR_THEMES.map(({ label, tag }) => ({
      label,
      href: paths.gallery.getHref({ tag }),
    })),
  },
];
