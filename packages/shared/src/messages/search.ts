export const search = {
  placeholder: "Search for artwork, styles, or collections...",
  empty: "No results found.",
  paletteFailed: "Search could not open",
} as const;
