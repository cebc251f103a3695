/**
 * The search palette's status line, which a screen reader reads as results arrive. A module of its
 * own, beside search.ts: that one is in every page's first download (the header's Search button),
 * and a bundler keeps a module whole, so wording added there would weigh on every first paint.
 */
export const searchStatus = {
  searching: "Searching…",
  /** What each group of results counts, one and many: "4 artwork", "1 colour". */
  nouns: {
    artwork: ["artwork", "artwork"],
    tags: ["tag", "tags"],
    "popular-tags": ["tag shortcut", "tag shortcuts"],
    "art-styles": ["style", "styles"],
    collections: ["collection", "collections"],
    "color-themes": ["colour", "colours"],
  },
  /** "4 artwork, 2 tags and 1 colour found"; led by "No artwork; " when no artwork was. */
  found: (counts: readonly string[], noArtwork: boolean) =>
    `${noArtwork ? "No artwork; " : ""}${counts.slice(0, -1).join(", ")}${counts.length > 1 ? " and " : ""}${counts.at(-1)} found`,
  /** Only the palette's "View all" links answer what was typed. */
  nothingFound: "No artwork or tags found",
} as const;
