import {
  hasProAccess,
  type LicenceDefaults,
  MESSAGES,
  type Principal,
  type SimilarImages,
} from "@sawdust/shared";
import type { ImageRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { forbidden, unauthorized } from "../../lib/errors.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import { ciede2000, rgbToLab } from "../../media/analysis/colour.js";
import type { MediaStore } from "../../media/media-store.js";
import { presentImage } from "./images.presenter.js";
import type { ImagesRepo } from "./images.repo.js";
import type { SimilarRepo } from "./similar.repo.js";

/** How many images sharing facets are ranked by palette: the query's bound. */
export const SIMILAR_CANDIDATES = 100;
/** The most facet values of the source image the search uses (an image may carry many tags). */
const MAX_SOURCE_VALUES = 30;
/** A palette this far apart (mean CIEDE2000) counts as no closer than unrelated colours. */
const FAR_PALETTE = 50;
/**
 * Shared tags rank first; a shared style counts half a tag, and the palette's closeness (0 to 1)
 * up to one tag, deciding among images that share as many. (Colour names only find candidates:
 * the palette measures colour more finely.)
 */
const STYLE_WEIGHT = 0.5;
const PALETTE_WEIGHT = 1;

type Swatch = { hex: string; share: number };

/**
 * "More like this" (a Pro perk of issue 14): public images ranked by the tags they share with
 * this one and how close their palettes are. Only Pro members and admins.
 */
export class SimilarService {
  constructor(
    private readonly deps: {
      images: ImagesRepo;
      similar: SimilarRepo;
      /** The source image, if this viewer may see it (CatalogueService.visibleRow), else 404. */
      visibleRow: (imageId: number, viewer: Principal) => Promise<ImageRow>;
      media: MediaStore;
      /** The site settings' licence prices, for pieces with none of their own (issue 19). */
      licenceDefaults?: () => Promise<LicenceDefaults>;
      clock: Clock;
    },
  ) {}

  async similar(imageId: number, limit: number, viewer: Principal): Promise<SimilarImages> {
    if (viewer.kind !== "member") throw unauthorized(MESSAGES.auth.notSignedIn);
    if (!hasProAccess(viewer))
      throw forbidden(MESSAGES.payments.similarNeedsPro, "upgrade_required");
    const source = await this.deps.visibleRow(imageId, viewer);
    const facets = await this.deps.similar.findFacets(imageId);
    const candidates = await this.deps.similar.findSharingFacets(
      imageId,
      {
        tags: facets.tags.slice(0, MAX_SOURCE_VALUES),
        styles: facets.styles.slice(0, MAX_SOURCE_VALUES),
        colors: facets.colors.slice(0, MAX_SOURCE_VALUES),
      },
      SIMILAR_CANDIDATES,
    );
    const palette = paletteOf(source.ai_analysis);
    const ranked = candidates
      .map((c) => ({
        ...c,
        score:
          c.sharedTags +
          STYLE_WEIGHT * c.sharedStyles +
          PALETTE_WEIGHT * paletteCloseness(palette, paletteOf(c.image.ai_analysis)),
      }))
      .sort((a, b) => b.score - a.score || b.image.id - a.image.id)
      .slice(0, limit);
    const renditions = await this.deps.images.findRenditions(ranked.map((r) => r.image.id));
    const now = this.deps.clock.now();
    const licenceDefaults = await this.deps.licenceDefaults?.();
    return {
      images: ranked.map(({ image }) =>
        presentImage(
          image,
          renditions.filter((r) => r.image_id === image.id),
          viewer,
          this.deps.media,
          now,
          { compact: true, licenceDefaults },
        ),
      ),
    };
  }
}

function paletteOf(aiAnalysis: string): Swatch[] {
  const palette = parseStoredObject(aiAnalysis).palette;
  if (!Array.isArray(palette)) return [];
  return palette.filter(
    (s): s is Swatch =>
      typeof s?.hex === "string" && /^[0-9a-f]{6}$/i.test(s.hex) && typeof s.share === "number",
  );
}

const labOf = (hex: string) =>
  rgbToLab(
    Number.parseInt(hex.slice(0, 2), 16),
    Number.parseInt(hex.slice(2, 4), 16),
    Number.parseInt(hex.slice(4, 6), 16),
  );

/**
 * How close two palettes are, 0 (unrelated, or unknown) to 1 (the same): each swatch of `a`,
 * weighted by its share, against the nearest swatch of `b` (CIEDE2000).
 */
export function paletteCloseness(a: Swatch[], b: Swatch[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const bLabs = b.map((s) => labOf(s.hex));
  let distance = 0;
  let weight = 0;
  for (const swatch of a) {
    const lab = labOf(swatch.hex);
    distance += swatch.share * Math.min(...bLabs.map((other) => ciede2000(lab, other)));
    weight += swatch.share;
  }
  if (weight <= 0) return 0;
  return Math.max(0, 1 - distance / weight / FAR_PALETTE);
}
