/**
 * Each stored palette's swatches named again, as 0044 did, now that blue has a second point
 * (colour.ts `MORE_REFERENCES`): a saturated blue such as #0000cd was "purple" and "navy". The
 * same pass as 0044 (only images whose names change are written; their colour facets and the
 * kept counts follow); titles, descriptions and tags stay until an admin's "Re-run analysis".
 */
export { up } from "./2026-12-01-0044-neutral-colour-names.js";
