import {
  canViewImage,
  type Image,
  type ImageListParams,
  type ImageListQuery,
  type ImageListResponse,
  isAdmin,
  LIST_TOTALS,
  type Licence,
  type LicenceDefaults,
  MESSAGES,
  normalizeColor,
  normalizeStyle,
  PAGING,
  type Principal,
  slugifyTag,
  unique,
} from "@sawdust/shared";
import type { ImageRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { Semaphore } from "../../lib/semaphore.js";
import { colourNameForFilter } from "../../media/analysis/colour.js";
import type { MediaStore } from "../../media/media-store.js";
import { COUNTING_SLOTS, IMAGE_MESSAGES } from "./images.constants.js";
import { listEntryJson, presentImage } from "./images.presenter.js";
import {
  hasNarrowSets,
  type ImageFilter,
  type ImagesRepo,
  type ListOrder,
  type ListTotal,
  leadFacetOf,
  type PageLead,
  type PageStart,
  smallestOf,
  type WalkSizes,
} from "./images.repo.js";
import { type ListCache, pageOfJson } from "./list-cache.js";
import { searchFilterOf } from "./search-query.js";

export interface ShareCard {
  id: number;
  title: string | null;
  description: string | null;
  /** A public rendition: its URL (relative to the site unless storage is elsewhere) and size. */
  image: { url: string; width: number; height: number } | null;
}

/**
 * A page as the marketing API asks for one: the list's filters, price bounds and an order, with
 * no search and no totals.
 */
export interface CataloguePageQuery {
  tag: string[];
  style: string[];
  color: string[];
  editionType: ImageListQuery["editionType"];
  minPriceCents?: number;
  maxPriceCents?: number;
  order: ListOrder;
  limit: number;
  cursor?: string;
}

/**
 * The catalogue as people browse it: list pages with their filters, search and totals, one image,
 * and a public image's share card. What each principal sees comes from the access rules.
 */
export class CatalogueService {
  constructor(
    private readonly deps: {
      images: ImagesRepo;
      media: MediaStore;
      clock: Clock;
      /** Totals per filter, kept until the catalogue changes (counting walks every match). */
      listCache: ListCache;
      /** A sold 1/1's collector and the viewer's own licence for the piece (issue 19). */
      saleFacts?: (
        row: ImageRow,
        viewer: Principal,
      ) => Promise<Pick<Image, "collectedBy" | "collectedPrivately" | "ownedLicence">>;
      /** The collectors of a page's sold 1/1s, by image id (one query a page; issue 19). */
      collectorsOf?: (
        imageIds: number[],
      ) => Promise<Map<number, Pick<Image, "collectedBy" | "collectedPrivately">>>;
      /** The site settings' licence prices, for pieces with none of their own (issue 19). */
      licenceDefaults?: () => Promise<LicenceDefaults>;
      /** The licence a member holds for a piece they bought, if any: theirs to see while hidden. */
      ownership?: { licenceOf(userId: number, imageId: number): Promise<Licence | null> };
    },
  ) {}

  /** A list page; made as its JSON text (listJson), parsed only where it is read (list-cache.ts). */
  async list(query: ImageListQuery, viewer: Principal): Promise<ImageListResponse> {
    return pageOfJson<ImageListResponse>(await this.listJson(query, viewer));
  }

  /**
   * A list page as the JSON text of its ImageListResponse, written entry by entry from the rows
   * (listEntryJson) rather than made as objects and stringified: the route sends it as it is.
   */
  async listJson(query: ImageListQuery, viewer: Principal): Promise<string> {
    const filter = this.filterOf(query, viewer);
    const afterId = decodeCursor(query.cursor);
    const total = await this.total(filter);
    const rows = await this.deps.images.findPage(
      filter,
      afterId,
      query.limit + 1,
      await this.leadOf(filter, "newest", total, query.limit),
    );
    const page = rows.slice(0, query.limit);
    const soldOneOfOnes = page
      .filter((r) => r.edition_type === "one_of_one" && r.sold_editions > 0)
      .map((r) => r.id);
    const [licenceDefaults, collectors] = await Promise.all([
      this.deps.licenceDefaults?.(),
      soldOneOfOnes.length > 0 ? this.deps.collectorsOf?.(soldOneOfOnes) : undefined,
    ]);
    const now = this.deps.clock.now();
    let json = '{"images":[';
    for (const [i, row] of page.entries()) {
      let entry = listEntryJson(row, viewer, this.deps.media, now, licenceDefaults);
      const collector = collectors?.get(row.id);
      if (collector) {
        // `{ ...entry, ...collector }`: the entry has none of the collector's fields.
        const fields = JSON.stringify(collector).slice(1, -1);
        if (fields.length > 0) entry = `${entry.slice(0, -1)},${fields}}`;
      }
      json += i === 0 ? entry : `,${entry}`;
    }
    const last = rows.length > query.limit ? page[page.length - 1] : undefined;
    const nextCursor = last ? JSON.stringify(encodeCursor(last.id)) : "null";
    return `${json}],"nextCursor":${nextCursor},"stats":{"totalImages":${total.images},"totalIsLowerBound":${total.atLeast}}}`;
  }

  /**
   * One page of what this principal may see, in the query's order: the marketing API's list. Its
   * cursor is opaque and carries the order's position (`next` of the last image).
   */
  async page(
    query: CataloguePageQuery,
    viewer: Principal,
  ): Promise<{ images: Image[]; nextCursor: string | null }> {
    const filter = this.pageFilterOf(query, viewer);
    const start = decodePageStart(query.cursor, query.order);
    const lead: PageLead = (await this.isPricedFew(filter, query.limit))
      ? "price"
      : await this.leadOf(filter, query.order, await this.total(filter), query.limit);
    const rows = await this.deps.images.findOrderedPage(
      filter,
      query.order,
      start,
      query.limit + 1,
      lead,
    );
    const { images, last } = await this.presentPage(rows, query.limit, viewer);
    return {
      images,
      nextCursor: last
        ? encodeCursor(
            last.id,
            query.order === "most_downloaded" ? last.total_downloads : undefined,
          )
        : null,
    };
  }

  /**
   * The first `limit` of `rows` (read one over, to know whether more follow) as list entries, and
   * the last of them when more follow (the next cursor's position).
   */
  private async presentPage<Row extends Parameters<typeof presentImage>[0]>(
    rows: Row[],
    limit: number,
    viewer: Principal,
  ): Promise<{ images: Image[]; last: Row | undefined }> {
    const page = rows.slice(0, limit);
    const soldOneOfOnes = page
      .filter((r) => r.edition_type === "one_of_one" && r.sold_editions > 0)
      .map((r) => r.id);
    const [renditions, licenceDefaults, collectors] = await Promise.all([
      this.deps.images.findRenditions(page.map((r) => r.id)),
      this.deps.licenceDefaults?.(),
      soldOneOfOnes.length > 0 ? this.deps.collectorsOf?.(soldOneOfOnes) : undefined,
    ]);
    const now = this.deps.clock.now();
    const images = page.map((row) => {
      const image = presentImage(
        row,
        renditions.filter((r) => r.image_id === row.id),
        viewer,
        this.deps.media,
        now,
        { compact: true, licenceDefaults },
      );
      const collector = collectors?.get(row.id);
      return collector ? { ...image, ...collector } : image;
    });
    return { images, last: rows.length > limit ? page[page.length - 1] : undefined };
  }

  /** A key naming the page `page` gives everyone of this principal's kind for this query. */
  pageKey(query: CataloguePageQuery, viewer: Principal): string {
    return JSON.stringify([
      "page",
      this.pageFilterOf(query, viewer),
      query.order,
      query.cursor ?? "",
      query.limit,
    ]);
  }

  /**
   * A key naming the page a visitor gets for this query: equal questions (`Sea` and `sea`) share
   * it, so the HTTP layer can keep one copy of their answer.
   */
  sharedPageKey(query: ImageListQuery): string {
    return JSON.stringify([
      this.filterOf(query, { kind: "visitor" }),
      query.cursor ?? "",
      query.limit,
    ]);
  }

  /** The list query a page of the web app asks with these parameters (its first page). */
  static queryOf(params: ImageListParams): ImageListQuery {
    return {
      tag: params.tag ? [params.tag] : [],
      style: params.style ? [params.style] : [],
      color: params.color ? [params.color] : [],
      editionType: [...(params.editionType ?? [])] as ImageListQuery["editionType"],
      visibility: params.visibility,
      availability: params.availability,
      q: params.q?.trim() || undefined,
      limit: params.limit ?? PAGING.defaultLimit,
      cursor: undefined,
    };
  }

  async get(id: number, viewer: Principal): Promise<Image> {
    const row = await this.visibleRow(id, viewer);
    const renditions = await this.deps.images.findRenditions([id]);
    const image = presentImage(row, renditions, viewer, this.deps.media, this.deps.clock.now(), {
      licenceDefaults: await this.deps.licenceDefaults?.(),
    });
    return this.deps.saleFacts ? { ...image, ...(await this.deps.saleFacts(row, viewer)) } : image;
  }

  /**
   * The ready image, if this principal may see it: a private image is 404 to all but admins and
   * a member who bought an edition of it (a piece bought stays theirs while it is hidden, as its
   * files do: RenditionsService.mayServeFiles).
   */
  async visibleRow(id: number, viewer: Principal) {
    const row = await this.deps.images.findReadyById(id);
    if (!row) throw notFound(IMAGE_MESSAGES.notFound);
    if (canViewImage(viewer, { isPublic: row.is_public === 1 })) return row;
    const { ownership } = this.deps;
    if (viewer.kind === "member" && (await ownership?.licenceOf(viewer.userId, id)) != null) {
      return row;
    }
    throw notFound(IMAGE_MESSAGES.notFound);
  }

  /**
   * What a shared link's preview card shows (Open Graph): a public image's title, description
   * and largest public rendition. Null for a missing or private image.
   */
  async shareCard(id: number): Promise<ShareCard | null> {
    const row = await this.deps.images.findReadyById(id);
    if (row?.is_public !== 1) return null;
    const renditions = await this.deps.images.findRenditions([id]);
    const picture =
      renditions.find((r) => r.size === "large") ?? renditions.find((r) => r.size === "medium");
    return {
      id,
      title: row.title,
      description: row.description,
      image: picture
        ? {
            url: this.deps.media.publicUrl(picture.storage_key),
            width: picture.width,
            height: picture.height,
          }
        : null,
    };
  }

  /** Whether the catalogue holds any image at all, in any state (demo seeding needs none). */
  hasAnyImage(): Promise<boolean> {
    return this.deps.images.whatImagesExist().then((images) => images !== "none");
  }

  /** The file names images were uploaded under. */
  originalNames(): Promise<string[]> {
    return this.deps.images.findOriginalNames();
  }

  /** What a list query asks for, normalised (so equal questions share cache entries). */
  private filterOf(query: ImageListQuery, viewer: Principal): ImageFilter {
    return {
      visibility: isAdmin(viewer) ? (query.visibility ?? "all") : "public",
      tags: unique(query.tag.map(slugifyTag)),
      styles: unique(query.style.map(normalizeStyle)),
      // A colour filter is a name or a hex colour; a hex means its nearest named colour.
      colors: unique(query.color.map((c) => colourNameForFilter(c) ?? normalizeColor(c))),
      editionTypes: unique(query.editionType),
      ...(query.availability && query.availability !== "all"
        ? { availability: query.availability }
        : {}),
      ...searchFilterOf(query.q),
    };
  }

  private pageFilterOf(query: CataloguePageQuery, viewer: Principal): ImageFilter {
    const { minPriceCents, maxPriceCents } = query;
    const priced = minPriceCents !== undefined || maxPriceCents !== undefined;
    return {
      ...this.filterOf({ ...query, cursor: undefined }, viewer),
      ...(minPriceCents !== undefined ? { minPriceCents } : {}),
      ...(maxPriceCents !== undefined ? { maxPriceCents } : {}),
      // A price bound asks for pieces one can buy at that price: a sold-out piece is not one.
      ...(priced ? { availability: "available" as const } : {}),
    };
  }

  /**
   * The filter's total, kept until the catalogue changes (list-cache.ts): read from the kept
   * counts when they hold it (exact, a few rows), else counted up to LIST_TOTALS.countedUpTo
   * (ImagesRepo.total). Kept either way, so a page no cache holds (a member's) does not ask the
   * database for a total it already knows: on PostgreSQL that is a round trip a request.
   */
  private total(filter: ImageFilter): Promise<ListTotal> {
    return this.deps.listCache.total(JSON.stringify(filter), () =>
      this.counting.run(() => this.deps.images.total(filter, LIST_TOTALS.countedUpTo)),
    );
  }

  /**
   * Totals counted at once by this process, at most: a burst of distinct filters (each a new
   * count) then waits on itself, and the rest of the PostgreSQL pool (10) stays free for every
   * other request. Kept totals do not wait.
   */
  private readonly counting = new Semaphore(COUNTING_SLOTS);

  /**
   * Whether so few images are priced within the filter's price bounds that its page is found
   * faster from them (images_price_idx) than along the catalogue or a facet's rows, which read
   * every image they pass for its price: an empty band walked all 1,000,000 images (11.7 s on
   * SQLite, most downloaded first). The same meeting point as isSelective's, with the band counted
   * from the index up to there (a few thousand index entries at most).
   */
  private async isPricedFew(filter: ImageFilter, limit: number): Promise<boolean> {
    if (filter.minPriceCents === undefined && filter.maxPriceCents === undefined) return false;
    const catalogue = await this.walkedCatalogue(filter);
    const meeting = Math.ceil(Math.sqrt((limit + 1) * catalogue));
    const band = await this.deps.images.countPriceBand(filter, meeting);
    return band !== undefined && band < meeting;
  }

  /**
   * The images a walk along the catalogue would pass for this filter: those of its visibility and
   * edition types (kept counts; facets, words and price bounds left out, a walk reads the images
   * it skips for them too).
   */
  private async walkedCatalogue(filter: ImageFilter): Promise<number> {
    const { images } = await this.total({
      ...filter,
      tags: [],
      styles: [],
      colors: [],
      search: [],
      searchHasNoWords: undefined,
      minPriceCents: undefined,
      maxPriceCents: undefined,
    });
    return images;
  }

  /**
   * Where a page is found from (PageLead). Newest first, a filter led by one facet value walks
   * that value's rows, whatever its size (images.repo.ts); one without walks the catalogue, or
   * starts from its facets' rows when few images match (isSelective). A sold filter or one of one
   * edition type may instead walk the sold-out pieces or that type's images, when that set is the
   * smaller: each walk reads about (limit + 1) × its set ÷ matches entries, so the smallest set
   * reads least. A tag's sold limited editions, none of which existed, read all 465,000 of the
   * tag's images (24–34 s at 1,000,000 images on SQLite); walking the limited editions read none.
   * So may a filter's second facet value, when it is rarer than the first (a common tag with a
   * rare style walks the style's rows).
   * Most downloaded first, a walk along the downloads reads about (limit + 1) × catalogue ÷
   * matches images, and one type's images are all read and sorted: the type leads when it has
   * fewer (a partner's rare edition type read every image, 2.7–5.3 s).
   */
  private async leadOf(
    filter: ImageFilter,
    order: ListOrder,
    total: ListTotal,
    limit: number,
  ): Promise<PageLead> {
    const lead = order === "newest" && leadFacetOf(filter) !== undefined;
    const usual: PageLead =
      !lead && (await this.isSelective(filter, total, limit)) ? "facets" : "walk";
    if (filter.search.length > 0 || !hasNarrowSets(filter)) return usual;
    const sizes = await this.deps.images.walkSizesOf(filter);
    return smallestWalk({ order, usual, sizes, limit, matches: total.images });
  }

  /**
   * Whether so few images match a facet filter that its page is found faster from the facet rows
   * than by walking the catalogue: walking costs about limit × catalogue ÷ matches rows, starting
   * from the facets costs about `matches` rows; they meet at matches² = limit × catalogue.
   */
  private async isSelective(filter: ImageFilter, matches: ListTotal, limit: number) {
    const facets = filter.tags.length + filter.styles.length + filter.colors.length;
    // More than LIST_TOTALS.countedUpTo matches: walk. A walk then reads about (limit + 1) ×
    // catalogue ÷ matches rows, under 21,000 at 1,000,000 images; the facets' rows may be far more.
    if (facets === 0 || matches.atLeast) return false;
    const catalogue = await this.walkedCatalogue(filter);
    // The catalogue's total may be a lower bound (an availability is counted): the walk then
    // looks cheaper than it is, and a page walks when starting from the facets was cheaper.
    return matches.images * matches.images < (limit + 1) * catalogue;
  }
}

/**
 * Opaque to clients: base64url of the last id seen (and, most downloaded first, of its download
 * count). "0" or nothing starts from the top.
 */
export function encodeCursor(id: number, downloads?: number): string {
  const position = downloads === undefined ? { id } : { id, d: downloads };
  return Buffer.from(JSON.stringify(position)).toString("base64url");
}

/**
 * The largest number an `integer` column holds on PostgreSQL (prices, download counts): a value
 * past it sent to such a column fails the query (a 500), where SQLite compares it as it is.
 */
export const INTEGER_COLUMN_MAX = 2_147_483_647;

/**
 * Where a page in this order starts; a cursor of another order, or none of ours (one whose download
 * count no `integer` column holds among them), is a 400.
 */
export function decodePageStart(
  cursor: string | undefined,
  order: ListOrder,
): PageStart | undefined {
  const afterId = decodeCursor(cursor);
  if (afterId === undefined) return undefined;
  const { d } = JSON.parse(Buffer.from(cursor as string, "base64url").toString("utf8")) as {
    d?: unknown;
  };
  // A most-downloaded cursor carries a count, a newest one does not: either is refused in the
  // other order, rather than read as a place it never was.
  if (order === "newest" && d === undefined) return { afterId };
  if (
    order !== "newest" &&
    typeof d === "number" &&
    Number.isInteger(d) &&
    d >= 0 &&
    d <= INTEGER_COLUMN_MAX
  ) {
    return { afterId, afterDownloads: d };
  }
  throw badRequest(MESSAGES.badCursor, "bad_cursor");
}

export function decodeCursor(cursor: string | undefined): number | undefined {
  if (!cursor || cursor === "0") return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { id?: unknown };
    if (typeof value.id === "number" && Number.isSafeInteger(value.id) && value.id > 0)
      return value.id;
  } catch {
    // fall through
  }
  throw badRequest(MESSAGES.badCursor, "bad_cursor");
}

/**
 * Which of a page's possible walks reads least (CatalogueService.leadOf), from the sizes of the
 * sets each walks (WalkSizes) and `usual`, the lead without them. Newest first, every walk reads
 * about (limit + 1) × its set ÷ matches entries, so the smallest set leads: the rows of one of the
 * filter's single facet values (when `usual` walks a facet's rows), the catalogue or the facets'
 * rows otherwise, the sold-out pieces, the type's images. Most downloaded first, the walk along
 * the downloads passes about (limit + 1) × catalogue ÷ matches images and the type's images are
 * read whole: the type leads when it has fewer.
 */
export function smallestWalk(p: {
  order: ListOrder;
  usual: PageLead;
  sizes: WalkSizes;
  limit: number;
  matches: number;
}): PageLead {
  const { order, usual, sizes, limit, matches } = p;
  if (order === "most_downloaded") {
    const walked =
      usual === "facets"
        ? sizes.rarest?.size
        : Math.min(sizes.catalogue, ((limit + 1) * sizes.catalogue) / Math.max(matches, 1));
    return (
      smallestOf<PageLead>([
        [usual, walked],
        ["edition", sizes.edition],
      ]) ?? usual
    );
  }
  const ledByFacet = usual === "walk" && sizes.values.length > 0;
  const walks: Array<[PageLead, number | undefined]> = ledByFacet
    ? sizes.values.map(({ kind, size }): [PageLead, number] => [kind, size])
    : [[usual, usual === "facets" ? sizes.rarest?.size : sizes.catalogue]];
  return (
    smallestOf<PageLead>([...walks, ["sold", sizes.sold], ["edition", sizes.edition]]) ?? usual
  );
}
