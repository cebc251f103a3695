import {
  EDITION_FILTER_VALUES,
  type MarketingImage,
  type MarketingImageQuery,
  type Partner,
} from "@sawdust/shared";
import { type CatalogueService, INTEGER_COLUMN_MAX } from "../images/catalogue.service.js";
import type { ListCache } from "../images/list-cache.js";
import type { TagsRepo } from "../tags/tags.repo.js";
import { presentForPartner, presentPageForPartner } from "./marketing.presenter.js";
import type { MarketingRepo } from "./marketing.repo.js";

/**
 * A price bound as the price column can compare it: one past the largest price it holds means
 * the same there (a lowest price above every price, a highest price above every price), and
 * PostgreSQL refuses a number past its `integer` (500) where SQLite compares it as it is.
 */
function priceBound(cents: number | undefined): number | undefined {
  return cents === undefined ? undefined : Math.min(cents, INTEGER_COLUMN_MAX);
}

/**
 * The catalogue as partners read it (spec section 7 "External marketing API"): public, ready
 * images only, through the catalogue's own filters and paging. Every partner sees the same pages,
 * so a page is made once and kept as JSON text for a few seconds in the list cache (cleared by
 * any change to the catalogue, as visitors' pages are): a request for a kept page costs its key
 * check and its count, not a query.
 */
export class MarketingService {
  constructor(
    private readonly deps: {
      catalogue: CatalogueService;
      marketing: MarketingRepo;
      tags: TagsRepo;
      listCache: ListCache;
      /** The site's origin as users see it (PUBLIC_URL): every URL a partner gets is absolute. */
      publicUrl: string;
    },
  ) {}

  /** A page as JSON text; `url` (the request's, as sent) finds a kept page before any work. */
  async listPage(query: MarketingImageQuery, partner: Partner, url?: string): Promise<string> {
    const { catalogue, marketing, listCache, publicUrl } = this.deps;
    const kept = url === undefined ? undefined : listCache.pageForUrl<string>(url);
    if (kept !== undefined) return kept;
    const pageQuery = {
      tag: query.tags,
      style: query.style,
      color: query.color,
      editionType: query.edition_type,
      minPriceCents: priceBound(query.min_price),
      maxPriceCents: priceBound(query.max_price),
      order: query.sort,
      limit: query.limit,
      cursor: query.cursor,
    };
    return listCache.page(
      `marketing:${catalogue.pageKey(pageQuery, partner)}`,
      async () => {
        const page = await catalogue.page(pageQuery, partner);
        const updatedAt = await marketing.findUpdatedAt(page.images.map((image) => image.id));
        return JSON.stringify(presentPageForPartner(page, publicUrl, updatedAt));
      },
      url,
    );
  }

  /** One public, ready image (404 for any other). */
  async get(id: number, partner: Partner): Promise<MarketingImage> {
    const image = await this.deps.catalogue.get(id, partner);
    const updatedAt = await this.deps.marketing.findUpdatedAt([id]);
    return presentForPartner(
      image,
      this.deps.publicUrl,
      updatedAt.get(id) ?? Date.parse(image.createdAt),
    );
  }

  /** Every tag of the public catalogue (all edition types) with its count, as JSON text. */
  tagsText(): Promise<string> {
    return this.deps.listCache.page("marketing:tags", async () =>
      JSON.stringify({ tags: await this.deps.tags.countPublicTags(EDITION_FILTER_VALUES) }),
    );
  }
}
