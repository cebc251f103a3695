import { normalizeStyle, slugifyTag } from "@sawdust/shared";
import { paths } from "@/app/paths";
import { ART_STYLES, COLOR_THEMES, CURATED_COLLECTIONS, POPULAR_TAGS } from "@/lib/tags";

export interface SearchEntry {
  label: string;
  href: string;
  /** The gallery filter the entry applies, whose image count the palette shows. */
  filter?: { tag: string } | { style: string };
}

export interface SearchGroup {
  heading: string;
  /** The matching section of the explore page: /explore#{slug}. */
  slug: string;
  entries: SearchEntry[];
}

function tagEntry(label: string, tag: string): SearchEntry {
  return { label, href: paths.gallery.getHref({ tag }), filter: { tag } };
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
      ...POPULAR_TAGS.map((label) => tagEntry(label, slugifyTag(label))),
      { label: "View all tags", href: paths.gallery.getHref() },
    ],
  },
  {
    heading: "Art Styles",
    slug: "art-styles",
    entries: ART_STYLES.map((label) => {
      const style = normalizeStyle(label);
      return { label, href: paths.gallery.getHref({ style }), filter: { style } };
    }),
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
    entries: COLOR_THEMES.map(({ label, tag }) => tagEntry(label, tag)),
  },
];

/** Image counts of the shortcuts' filters, as far as known: by tag and by style. */
export interface ShortcutCounts {
  tags?: ReadonlyMap<string, number>;
  styles: ReadonlyMap<string, number>;
}

/**
 * How many images an entry's filter shows: undefined while unknown (the entry is offered without
 * a figure), 0 for a filter that would show none (the entry is left out), or the count.
 */
export function entryCount(entry: SearchEntry, counts: ShortcutCounts): number | undefined {
  if (!entry.filter) return undefined;
  if ("tag" in entry.filter)
    return counts.tags ? (counts.tags.get(entry.filter.tag) ?? 0) : undefined;
  return counts.styles.get(entry.filter.style);
}
