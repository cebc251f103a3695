/** What a page showing the hero says (a module of its own: the gallery's first JavaScript carries it, not the editor's messages). */
export const heroContent = {
  fetchFailed: "Failed to fetch hero content",
} as const;
