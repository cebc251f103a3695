import {
  ADMIN_IMAGES,
  type AnyEditionType,
  editionTakesPrice,
  MESSAGES,
  slugifyTag,
  unique,
} from "@sawdust/shared";
import type { EditionFloor } from "./held-editions.js";
import type { ImageUpdate } from "./images.repo.js";

/** An image's edition as stored. */
export interface StoredEdition {
  edition_type: string;
  price_cents: number | null;
  max_editions: number | null;
  sold_editions: number;
  /** What its size may not go under besides the sold count (read when the size may change). */
  floor?: EditionFloor;
}

/** What an admin asks to change about an image's edition (PATCH or a batch's set_edition). */
export interface EditionRequest {
  editionType?: AnyEditionType;
  /** Cents; null clears the price; absent keeps it. */
  priceCents?: number | null;
  maxEditions?: number;
}

export type Refusal = { ok: false; error: string; code: string };
type EditionChanges = Pick<ImageUpdate, "edition_type" | "price_cents" | "max_editions">;

/**
 * The edition rules (spec sections 3–5, design section 4) applied to one image:
 * - a price (whole cents) only for one_of_one and open_edition; sawdust_gallery and
 *   limited_edition carry none, so a price sent with them is dropped and the stored one cleared;
 * - a limited edition has a size of at least 1 (needed when an image becomes one) that is never
 *   below the editions already sold, nor below those sold and held for buyers paying now (their
 *   payment would be refunded on arrival, round 51), nor below the highest number a standing
 *   sale holds ("No. 3 of 2"); any other edition type has no size;
 * - a piece with more than one copy sold does not become a 1/1 (its collectors stay numbered), nor
 *   one whose copies sold and held are more than one, or whose sale is not No. 1;
 * - a piece a buyer is paying for is not taken off sale (made a Sawdust Gallery piece).
 * Nothing about the edition changes when the request names none of it.
 */
export function editionChangeOf(
  stored: StoredEdition,
  request: EditionRequest,
): { ok: true; changes: EditionChanges } | Refusal {
  const { editionType, priceCents, maxEditions } = request;
  if (editionType === undefined && priceCents === undefined && maxEditions === undefined) {
    return { ok: true, changes: {} };
  }
  const m = MESSAGES.adminImages;
  const type = editionType ?? stored.edition_type;
  const changes: EditionChanges = {};
  if (editionType !== undefined) changes.edition_type = editionType;
  const held = stored.floor?.held ?? 0;
  /** Why the edition cannot have this size, if it cannot (past the sold count, checked first). */
  const tooSmall = (size: number): Refusal | undefined => {
    if (size < stored.sold_editions + held) {
      return { ok: false, error: m.editionHeld(stored.sold_editions, held), code: "edition_held" };
    }
    const highest = stored.floor?.highest ?? 0;
    if (size < highest) {
      return { ok: false, error: m.editionNumberSold(highest), code: "bad_edition_size" };
    }
    return undefined;
  };
  if (editionType === "one_of_one") {
    if (stored.sold_editions > 1) {
      return {
        ok: false,
        error: m.oneOfOneAlreadySold(stored.sold_editions),
        code: "bad_edition_type",
      };
    }
    const refusal = tooSmall(1);
    if (refusal) return refusal;
  }
  if (editionType === "sawdust_gallery" && stored.edition_type !== "sawdust_gallery" && held > 0) {
    return { ok: false, error: m.editionHeldOffSale(held), code: "edition_held" };
  }

  if (type === "limited_edition") {
    if (maxEditions !== undefined) {
      if (maxEditions < stored.sold_editions) {
        return {
          ok: false,
          error: m.maxEditionsBelowSold(stored.sold_editions),
          code: "bad_edition_size",
        };
      }
      const refusal = tooSmall(maxEditions);
      if (refusal) return refusal;
      changes.max_editions = maxEditions;
    } else if (stored.edition_type !== "limited_edition" || stored.max_editions === null) {
      return { ok: false, error: m.maxEditionsRequired, code: "bad_edition_size" };
    }
  } else if (editionType !== undefined) {
    changes.max_editions = null;
  }

  if (!editionTakesPrice(type)) {
    changes.price_cents = null;
  } else if (priceCents !== undefined) {
    changes.price_cents = priceCents;
  }
  return { ok: true, changes };
}

/** Tags as they are stored and faceted: slugified (spec section 5), without blanks or repeats. */
export function normalizeTags(tags: readonly string[]): string[] {
  return unique(tags.map(slugifyTag).filter(Boolean));
}

/** An image's tags after a batch adds or removes some; refused past the per-image limit. */
export function tagsAfter(
  current: readonly string[],
  operation: { type: "add_tags" | "remove_tags"; tags: readonly string[] },
): { ok: true; tags: string[] } | Refusal {
  const given = normalizeTags(operation.tags);
  if (operation.type === "remove_tags") {
    const gone = new Set(given);
    return { ok: true, tags: current.filter((tag) => !gone.has(tag)) };
  }
  const tags = unique([...current, ...given]);
  if (tags.length > ADMIN_IMAGES.tagsMax) {
    return {
      ok: false,
      error: MESSAGES.adminImages.tooManyTags(ADMIN_IMAGES.tagsMax),
      code: "too_many_tags",
    };
  }
  return { ok: true, tags };
}

/** Held for moderation by the content rater's verdict (not by members' reports). */
export function isHeldByTheRater(moderation: string | null): boolean {
  return moderation === "flagged" || moderation === "unrated";
}
