export { tagLabel } from "@sawdust/shared";

/**
 * The catalogue's shortcuts, shared by the search palette and the explore page (spec "Top
 * navigation and search"): popular subjects, the four art styles, and the colour themes — which
 * the colour analysis writes onto each image as tags of the same names.
 */
export const POPULAR_TAGS = [
  "Nature",
  "Portrait",
  "Landscape",
  "Abstract",
  "Wildlife",
  "Architecture",
] as const;

export const ART_STYLES = ["Digital Art", "Oil Painting", "Watercolor", "Photography"] as const;

export const COLOR_THEMES = [
  { label: "Vibrant", tag: "vibrant", description: "Saturated, high-energy colour" },
  { label: "Monochrome", tag: "monochrome", description: "One hue, or none at all" },
  { label: "Pastel", tag: "pastel", description: "Light and softly coloured" },
  { label: "Dark", tag: "dark", description: "Low-key, moody and deep" },
] as const;

/**
 * The palette's collections. Only "Recently Added" is a real view today (the gallery is newest
 * first); the curated sets have no data behind them yet, so they say so rather than pretend.
 */
export const CURATED_COLLECTIONS = [
  { label: "Featured", available: false },
  { label: "Most Popular", available: false },
  { label: "Recently Added", available: true },
  { label: "Editor's Choice", available: false },
] as const;
