export const search = {
  /** The palette's name, and its input's: what a screen reader says on opening it. */
  label: "Search",
  placeholder: "Search for artwork, styles, or collections...",
  empty: "No results found.",
  paletteFailed: "Search could not open",
} as const;
