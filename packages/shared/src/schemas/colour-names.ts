// Not in constants.ts: that module comes with every page's first JavaScript (the `core` chunk of
// apps/web/vite.config.ts), and only the partner API's filter and the admin's key page use these.
/**
 * The colour names the colour filter knows: the analysis names each colour of an image's palette
 * by the nearest of them (the server's colour analysis holds a representative sRGB value for each).
 */
export const COLOUR_FILTER_NAMES = [
  "red",
  "orange",
  "yellow",
  "gold",
  "green",
  "olive",
  "teal",
  "cyan",
  "blue",
  "navy",
  "purple",
  "pink",
  "brown",
  "beige",
  "black",
  "gray",
  "white",
] as const;
export type ColourFilterName = (typeof COLOUR_FILTER_NAMES)[number];
/** Other spellings of those names a filter takes: British `grey`, as the docs write it. */
export const COLOUR_FILTER_SPELLINGS: Readonly<Record<string, ColourFilterName>> = {
  grey: "gray",
};
