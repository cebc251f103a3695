import { MODERATION_KINDS } from "@sawdust/shared";
import type { Updateable } from "kysely";
import {
  type CompiledQuery,
  type Expression,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { Db } from "../../db/database.js";
import { type DialectName, testedPerRow } from "../../db/dialect.js";
import { PLANNED_FOR_ITS_VALUES } from "../../db/pg-named-statements.js";
import { CompiledShapes } from "../../db/prepared-once.js";
import type { Database, ImageRow, ImagesTable, RenditionRow } from "../../db/schema.js";
import { newJobRow } from "../../jobs/new-job.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";
import { FacetCountsRepo, type KeptScope, keepingFacetCounts } from "./facet-counts.repo.js";
import { type EditionFloor, editionFloors, highestNumberSold, liveHolds } from "./held-editions.js";
import { IMAGE_VERSION_COLUMNS, type ImageVersionFields } from "./image-version.js";
import { analysisJobPayload } from "./images.constants.js";
import { analysisErrorOf, listAnalysisOf } from "./list-analysis.js";
import { indexedPrefixOf, prefixEnd, toFts5Query, toTsQuery } from "./search-query.js";

export type FacetKind = "tag" | "style" | "color";

export interface ImageFilter {
  visibility: "public" | "private" | "all";
  tags: string[];
  styles: string[];
  colors: string[];
  editionTypes: string[];
  /**
   * The edition pages' filter (issue 19): pieces that can still be bought, or sold out (a
   * collected 1/1, a limited edition with every edition sold); absent: all.
   */
  availability?: "available" | "sold";
  /** Words that must all appear in the title, description, tags or style (the last as a prefix). */
  search: string[];
  /** A search was typed that holds no word (emoji, punctuation): it matches nothing. */
  searchHasNoWords?: true;
  /** Price bounds in cents, inclusive; either leaves out images without a price. */
  minPriceCents?: number;
  maxPriceCents?: number;
  /** Admins' filters: the analysis status (pending | done | failed)... */
  analysisStatus?: string;
  /** ...and whether the image waits for a moderator (true) or not (false). */
  flagged?: boolean;
}

/**
 * A list's total as a page reports it: `images` exactly, or, with `atLeast`, a count that stopped
 * there (ImagesRepo.total).
 */
export interface ListTotal {
  images: number;
  atLeast: boolean;
}

/** The orders a page comes in: newest first, or most downloaded first (newest among equals). */
export type ListOrder = "newest" | "most_downloaded";

/**
 * Where a page is found from. `walk`: the catalogue in the page's order, each image tested (a
 * short walk when matches are common). `facets`: the rows of the filter's facet values, for a
 * filter few images match. `price`: the images priced within the filter's bounds
 * (images_price_idx), for bounds few images are priced within; found by countPriceBand. `sold`:
 * the sold-out pieces (images_sold_out_idx), for a sold filter whose other sets are larger;
 * `edition`: the images of the filter's one edition type (images_edition_idx), for a type rarer
 * than the filter's other sets (a common tag's limited editions). A facet kind: the rows of the
 * filter's one value of that kind, the smallest of its values (`walk` takes the first kind with
 * one value, tag, style then colour). The last three newest first; found by walkSizesOf.
 */
export type PageLead = "walk" | "facets" | "price" | "sold" | "edition" | FacetKind;

/**
 * How many index entries each way of finding a filter's images walks at most (kept counts; each
 * holds every image the walk passes, whatever the filter's other conditions): the rows of each
 * facet kind's value where the filter has one value of the kind (`values`), the rows of its rarest
 * facet kind's values, the sold-out pieces of its visibility (a sold filter), the images of its
 * one edition type, the catalogue of its visibility. A page's or a count's cost follows the set
 * it walks, so the smallest one leads.
 */
export interface WalkSizes {
  values: Array<{ kind: FacetKind; size: number }>;
  rarest?: { kind: FacetKind; size: number };
  sold?: number;
  edition?: number;
  catalogue: number;
}

/** Where a page starts: after this id (and, most downloaded first, this download count). */
export interface PageStart {
  afterId: number;
  afterDownloads?: number;
}

/**
 * Every column of ImageRow, named: `select *` would also bring PostgreSQL's search_vector, a
 * sizeable value nobody reads. (A column missing here fails to compile: the methods below return
 * whole ImageRows.)
 */
export const IMAGE_COLUMNS = [
  "id",
  "status",
  "processing_expires_at",
  "uploader_id",
  "title",
  "description",
  "ai_analysis",
  "analysis_status",
  "tags",
  "style",
  "is_public",
  "edition_type",
  "price_cents",
  "max_editions",
  "sold_editions",
  "views",
  "total_downloads",
  "collections_count",
  "dl_preview",
  "dl_basic",
  "dl_hd",
  "dl_xlarge",
  "dl_ultra",
  "width",
  "height",
  "original_format",
  "original_bytes",
  "original_name",
  "thumbhash",
  "publish_when_rated",
  "moderation",
  "moderation_reason",
  "price_standard_cents",
  "price_commercial_cents",
  "last_edition_number",
  "original_sha256",
  "list_analysis",
  "key_thumb",
  "key_small",
  "key_medium",
  "key_large",
  "created_at",
  "updated_at",
] as const satisfies ReadonlyArray<keyof ImageRow>;

/**
 * The columns a list entry is made of (images.presenter.ts, compact): every one the presenter and
 * the lists read, with the list-sized analysis (`list_analysis`) instead of the whole one, which
 * only the detail reads (2.3 kB on average, tens of kB with generation metadata).
 */
export const LIST_COLUMNS = [
  "id",
  "title",
  "description",
  "list_analysis",
  "analysis_status",
  "tags",
  "style",
  "is_public",
  "edition_type",
  "price_cents",
  "max_editions",
  "sold_editions",
  "views",
  "total_downloads",
  "collections_count",
  "dl_preview",
  "dl_basic",
  "dl_hd",
  "dl_xlarge",
  "dl_ultra",
  "width",
  "height",
  "thumbhash",
  "moderation",
  "moderation_reason",
  "price_standard_cents",
  "price_commercial_cents",
  "key_thumb",
  "key_small",
  "key_medium",
  "key_large",
  "created_at",
] as const satisfies ReadonlyArray<keyof ImageRow>;
/** An image as a list reads it. */
export type ListRow = Pick<ImageRow, (typeof LIST_COLUMNS)[number]>;

/** The display renditions whose storage keys the image row keeps (`key_small`, …; 0017, 0036). */
const LIST_RENDITIONS = ["thumb", "small", "medium", "large"] as const;
type ListRendition = (typeof LIST_RENDITIONS)[number];
const isListRendition = (size: string): size is ListRendition =>
  (LIST_RENDITIONS as readonly string[]).includes(size);

export interface NewImage {
  uploaderId: number | null;
  editionType: string;
  priceCents: number | null;
  isPublic: boolean;
  /** Publish once the content rating has run and found nothing to hold it back. */
  publishWhenRated: boolean;
  width: number;
  height: number;
  originalFormat: string;
  originalBytes: number;
  originalName: string | null;
  processingExpiresAt: number;
  now: number;
}

export interface NewRendition {
  size: string;
  storageKey: string;
  width: number;
  height: number;
  bytes: number;
  upscaled: boolean;
}

export interface NewJob {
  kind: string;
  payload: unknown;
  maxAttempts: number;
}

export type ImageUpdate = Pick<
  Updateable<ImagesTable>,
  | "title"
  | "description"
  | "ai_analysis"
  | "analysis_status"
  | "tags"
  | "style"
  | "edition_type"
  | "price_cents"
  | "max_editions"
  | "is_public"
  | "publish_when_rated"
  | "moderation"
  | "moderation_reason"
>;

/**
 * Where the index words a search's last word begins are kept between searches (ListCache's
 * `prefixWords`: until the catalogue changes). Without it, each search looks them up again.
 */
export interface PrefixWordsKeeper {
  prefixWords(prefix: string, lookUp: () => Promise<string[]>): Promise<string[]>;
}

export class ImagesRepo {
  private readonly facetCounts: FacetCountsRepo;

  /**
   * @param longReads where the reads that may walk many rows run: a filter's count (countRowsOf)
   *   and a search page with other conditions (findSearchPage). On SQLite the app's read thread
   *   (DatabaseHandle.longReads), so a burst of new filters, or a rare tag among a common word's
   *   matches, no longer holds every other request while it runs. Within a transaction, that
   *   transaction.
   */
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
    private readonly kept?: PrefixWordsKeeper,
    private readonly longReads: Db = db,
  ) {
    this.facetCounts = new FacetCountsRepo(db);
  }

  /** Step 1 of an upload: an invisible row that owns the files about to be written. */
  async insertProcessing(image: NewImage): Promise<number> {
    const row = await this.db
      .insertInto("images")
      .values({
        status: "processing",
        processing_expires_at: image.processingExpiresAt,
        uploader_id: image.uploaderId,
        edition_type: image.editionType,
        price_cents: image.priceCents,
        is_public: image.isPublic ? 1 : 0,
        publish_when_rated: image.publishWhenRated ? 1 : 0,
        width: image.width,
        height: image.height,
        original_format: image.originalFormat,
        original_bytes: image.originalBytes,
        original_name: image.originalName,
        created_at: image.now,
        updated_at: image.now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Step 2, in one transaction: the renditions, the image made ready, its analysis job and the
   * upload's audit entry, if any. Either all of it is committed or none.
   */
  async completeUpload(
    imageId: number,
    renditions: NewRendition[],
    thumbhash: string,
    job: NewJob,
    now: number,
    audit?: AuditEntryInput,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("renditions")
        .values(renditions.map((r) => renditionValues(imageId, r, now)))
        .execute();
      await keepingFacetCounts(trx, this.dialect, [imageId], () =>
        trx
          .updateTable("images")
          .set({
            status: "ready",
            processing_expires_at: null,
            thumbhash,
            ...listKeysOf(renditions),
            updated_at: now,
          })
          .where("id", "=", imageId)
          .execute(),
      );
      await trx
        .insertInto("jobs")
        .values(newJobRow(job.kind, imageId, job.payload, job.maxAttempts, now))
        .execute();
      if (audit) await trx.insertInto("audit_log").values(newAuditRow(audit, now)).execute();
    });
  }

  /** Marks the analysis pending and queues its job (and writes the audit entry), in one transaction. */
  async queueAnalysis(
    imageId: number,
    kind: string,
    maxAttempts: number,
    now: number,
    requestId?: string,
    audit?: AuditEntryInput,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (audit) await trx.insertInto("audit_log").values(newAuditRow(audit, now)).execute();
      await trx
        .updateTable("images")
        .set({ analysis_status: "pending", updated_at: now })
        .where("id", "=", imageId)
        .execute();
      await trx
        .insertInto("jobs")
        .values(newJobRow(kind, imageId, analysisJobPayload(imageId, requestId), maxAttempts, now))
        .execute();
    });
  }

  /**
   * Adds a lazily made rendition; a concurrent twin of it is ignored. A display size's key is
   * kept on the image row too (whichever twin was stored), in the same transaction.
   */
  async insertRendition(imageId: number, rendition: NewRendition, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("renditions")
        .values(renditionValues(imageId, rendition, now))
        .onConflict((oc) => oc.columns(["image_id", "size"]).doNothing())
        .execute();
      const size = rendition.size;
      if (!isListRendition(size)) return;
      await trx
        .updateTable("images")
        .set((eb) => ({
          [`key_${size}`]: eb
            .selectFrom("renditions")
            .select("storage_key")
            .where("image_id", "=", imageId)
            .where("size", "=", size),
        }))
        .where("id", "=", imageId)
        .execute();
    });
  }

  /**
   * A deletion under way: invisible at once, and finished by the janitor if we crash. The audit
   * entry, if any, is written in the same transaction. Only a ready image is marked, once: false
   * when there was none (another request's deletion got there first), and then nothing is written.
   */
  async markDeleting(imageId: number, now: number, audit?: AuditEntryInput): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const marked = await keepingFacetCounts(trx, this.dialect, [imageId], () =>
        trx
          .updateTable("images")
          .set({ status: "deleting", processing_expires_at: now, updated_at: now })
          .where("id", "=", imageId)
          .where("status", "=", "ready")
          .executeTakeFirst(),
      );
      if (Number(marked.numUpdatedRows) === 0) return false;
      if (audit) await trx.insertInto("audit_log").values(newAuditRow(audit, now)).execute();
      return true;
    });
  }

  /** Removes the row (a deletion's or a failed upload's last step; a ready one leaves the counts). */
  async deleteById(imageId: number): Promise<void> {
    await this.db
      .transaction()
      .execute((trx) =>
        keepingFacetCounts(trx, this.dialect, [imageId], () =>
          trx.deleteFrom("images").where("id", "=", imageId).execute(),
        ),
      );
  }

  /** The file names images were uploaded under (the demo seeder resumes by them). */
  /**
   * The original file names of the images that stay: one still processing or being deleted is
   * left out (a seeding cut short by a crash left it behind, and the janitor removes it).
   */
  async findOriginalNames(): Promise<string[]> {
    const rows = await this.db
      .selectFrom("images")
      .select("original_name")
      .where("status", "not in", ["processing", "deleting"])
      .execute();
    return rows.map((r) => r.original_name).filter((n): n is string => n !== null);
  }

  /** Uploads whose writer died: still processing after their lease ran out. */
  async findStaleProcessing(now: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom("images")
      .select("id")
      .where("status", "in", ["processing", "deleting"])
      .where("processing_expires_at", "<=", now)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Whether the database has images, in any state, and whether one is ready (its pictures were
   * stored): the demo catalogue seeds only an empty one; a media folder is claimed by it.
   */
  async whatImagesExist(): Promise<"none" | "some" | "ready"> {
    const ready = await this.db
      .selectFrom("images")
      .select("id")
      .where("status", "=", "ready")
      .limit(1)
      .executeTakeFirst();
    if (ready) return "ready";
    const any = await this.db.selectFrom("images").select("id").limit(1).executeTakeFirst();
    return any ? "some" : "none";
  }

  /** Whether the image is ready and public: the check every public media request makes. */
  async isReadyAndPublic(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("images")
      .select("id")
      .where("id", "=", id)
      .where("status", "=", "ready")
      .where("is_public", "=", 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Ready images without a `thumb` rendition (stored before 0036), newest first, below
   * `beforeId` when given: what the next `make-thumbs` job makes (the partial index finds them).
   */
  findReadyWithoutThumb(beforeId: number | null, limit: number): Promise<ImageRow[]> {
    let query = this.db
      .selectFrom("images")
      .select(IMAGE_COLUMNS)
      .where("key_thumb", "is", null)
      .where("status", "=", "ready");
    if (beforeId !== null) query = query.where("id", "<", beforeId);
    return query.orderBy("id", "desc").limit(limit).execute();
  }

  /** A piece's title whatever its status (one being deleted still has its row); null when gone. */
  async findTitleById(id: number): Promise<string | null> {
    const row = await this.db
      .selectFrom("images")
      .select("title")
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.title ?? null;
  }

  /**
   * Why each of these images' analysis failed for good (the message the analysis stored), for the
   * console's table; images with no stored failure are left out. Reads the analysis of those only.
   */
  async findAnalysisErrors(imageIds: number[]): Promise<Map<number, string>> {
    const errors = new Map<number, string>();
    if (imageIds.length === 0) return errors;
    const rows = await this.db
      .selectFrom("images")
      .select(["id", "ai_analysis"])
      .where("id", "in", imageIds)
      .where("analysis_status", "=", "failed")
      .execute();
    for (const row of rows) {
      const error = analysisErrorOf(row.ai_analysis);
      if (error) errors.set(row.id, error);
    }
    return errors;
  }

  findReadyById(id: number): Promise<ImageRow | undefined> {
    return this.db
      .selectFrom("images")
      .select(IMAGE_COLUMNS)
      .where("id", "=", id)
      .where("status", "=", "ready")
      .executeTakeFirst();
  }

  async findRenditions(imageIds: number[]): Promise<RenditionRow[]> {
    if (imageIds.length === 0) return [];
    return this.db.selectFrom("renditions").selectAll().where("image_id", "in", imageIds).execute();
  }

  /** One page, newest first, after the cursor id (exclusive); `lead` as findOrderedPage's. */
  findPage(
    filter: ImageFilter,
    afterId: number | undefined,
    limit: number,
    lead: PageLead = "walk",
  ): Promise<ListRow[]> {
    return this.findOrderedPage(
      filter,
      "newest",
      afterId === undefined ? undefined : { afterId },
      limit,
      lead,
    );
  }

  /**
   * One page in an order, after a start (exclusive): keyset paging, so images added between
   * pages never shift a later page (newest first they sort before the start; most downloaded
   * first, with no downloads yet, before every older image of the same count). `lead` says where
   * the page is found from (PageLead); a search is always found from its words.
   */
  findOrderedPage(
    filter: ImageFilter,
    order: ListOrder,
    start: PageStart | undefined,
    limit: number,
    lead: PageLead = "walk",
  ): Promise<ListRow[]> {
    if (matchesNothing(filter)) return Promise.resolve([]);
    if (filter.search.length === 0) {
      return this.findShapedPage(filter, order, start, limit, lead);
    }
    if (order === "newest") {
      return this.dialect === "sqlite"
        ? this.findSearchPage(filter, start?.afterId, limit)
        : this.findTermsPage(filter, start?.afterId, limit);
    }
    return this.orderedPageQuery(filter, order, start, limit, lead).execute();
  }

  /** Statements of the list's pages, compiled once per filter shape (findShapedPage). */
  private readonly pageShapes = new CompiledShapes();

  /**
   * A page without search, as findOrderedPage: one statement compiled once per shape of the filter
   * (prepared-once.ts), which also reads the page's public rendition keys.
   */
  private findShapedPage(
    filter: ImageFilter,
    order: ListOrder,
    start: PageStart | undefined,
    limit: number,
    lead: PageLead,
  ): Promise<ListRow[]> {
    const values: unknown[] = [];
    const at = (value: unknown) => values.push(value) - 1;
    const at1 = (value: unknown) => (value === undefined ? undefined : at(value));
    // The filter with each value's index in its place; visibility, availability and flagged
    // decide the statement's text and belong to the shape.
    const slots = {
      tags: filter.tags.map(at),
      styles: filter.styles.map(at),
      colors: filter.colors.map(at),
      editionTypes: filter.editionTypes.map(at),
      minPriceCents: at1(filter.minPriceCents),
      maxPriceCents: at1(filter.maxPriceCents),
      analysisStatus: at1(filter.analysisStatus),
    };
    const after =
      start && (order === "newest" || start.afterDownloads !== undefined)
        ? { afterId: at(start.afterId), afterDownloads: at1(start.afterDownloads) }
        : undefined;
    const limitAt = at(limit);
    const shape = JSON.stringify([
      order,
      filter.visibility,
      filter.tags.length,
      filter.styles.length,
      filter.colors.length,
      filter.editionTypes.length,
      filter.availability ?? null,
      filter.flagged ?? null,
      Object.values(slots).map((slot) => slot !== undefined),
      after === undefined ? 0 : after.afterDownloads === undefined ? 1 : 2,
      lead,
    ]);
    return this.pageShapes.run<ListRow>(this.db, shape, values, (slot) => {
      const each = (indexes: number[]) => indexes.map(slot);
      const one = (index: number | undefined) => (index === undefined ? undefined : slot(index));
      return this.orderedPageQuery(
        {
          ...filter,
          tags: each(slots.tags),
          styles: each(slots.styles),
          colors: each(slots.colors),
          editionTypes: each(slots.editionTypes),
          minPriceCents: one(slots.minPriceCents),
          maxPriceCents: one(slots.maxPriceCents),
          analysisStatus: one(slots.analysisStatus),
        },
        order,
        after && { afterId: slot(after.afterId), afterDownloads: one(after.afterDownloads) },
        slot(limitAt),
        lead,
      );
    });
  }

  /** The statement of one page in an order (findOrderedPage), built. */
  private orderedPageQuery(
    filter: ImageFilter,
    order: ListOrder,
    start: PageStart | undefined,
    limit: number,
    from: PageLead,
  ): { execute(): Promise<ListRow[]>; compile(): CompiledQuery } {
    const lead =
      order !== "newest"
        ? undefined
        : from === "walk" || from === "facets"
          ? leadFacetOf(filter)
          : isFacetKind(from)
            ? leadFacetOf(filter, from)
            : undefined;
    if (lead) {
      // Newest first with one value of a facet kind: walk that value's facet rows, newest first
      // (its index is ordered by image id), testing each image against the rest of the filter;
      // the walk visits about as many rows as the page holds, however rare or common the value
      // (unless price bounds few images are within leave most of them out: `price` then leads).
      let query = this.db
        .selectFrom("image_facets as lead")
        .innerJoin("images", "images.id", "lead.image_id")
        .select(LIST_COLUMNS.map((column) => `images.${column}` as const))
        .where("lead.kind", "=", lead.kind)
        .where("lead.value", "=", lead.value)
        .where((eb) => this.matches(eb, { ...filter, [lead.field]: [] }, "exists"))
        .orderBy("lead.image_id", "desc")
        .limit(limit);
      if (start) query = query.where("lead.image_id", "<", start.afterId);
      return query;
    }
    let query = this.db
      .selectFrom("images")
      .select(LIST_COLUMNS)
      .where((eb) => this.matches(eb, filter, MATCHES_START[from]))
      .limit(limit);
    if (order === "most_downloaded") {
      query = query.orderBy("total_downloads", "desc").orderBy("id", "desc");
      const downloads = start?.afterDownloads;
      if (start && downloads !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb("total_downloads", "<", downloads),
            eb.and([eb("total_downloads", "=", downloads), eb("id", "<", start.afterId)]),
          ]),
        );
      }
    } else {
      query = query.orderBy("id", "desc");
      if (start) query = query.where("id", "<", start.afterId);
    }
    return query;
  }

  /**
   * How many images are priced within the filter's bounds, whatever else the filter says: at
   * most `upTo` (it stops reading there), from images_price_idx alone. Undefined with no bound.
   */
  async countPriceBand(filter: ImageFilter, upTo: number): Promise<number | undefined> {
    const { minPriceCents: min, maxPriceCents: max } = filter;
    if (min === undefined && max === undefined) return undefined;
    let band = this.db.selectFrom("images").select(sql`1`.as("one"));
    if (min !== undefined) band = band.where("price_cents", ">=", min);
    if (max !== undefined) band = band.where("price_cents", "<=", max);
    return this.countRowsOf(band, upTo);
  }

  /**
   * How many images the filter matches: read from the kept counts when they answer it
   * (`keptCount`), else counted (`counted`).
   */
  async count(filter: ImageFilter): Promise<number> {
    return (await this.keptCount(filter)) ?? (await this.counted(filter));
  }

  /**
   * The filter's total for a visitor's or member's page: exact when the kept counts hold it or
   * when at most `upTo` images match; else `upTo`, and `atLeast`. A count that stops there reads
   * at most upTo + 1 matches, so no filter, however it is combined, counts the whole catalogue
   * for a page (an exact total of a common word with an edition type took 3 s at 1M images on
   * PostgreSQL, and every distinct filter is a new count).
   */
  async total(filter: ImageFilter, upTo: number): Promise<ListTotal> {
    const kept = await this.keptCount(filter);
    if (kept !== undefined) return { images: kept, atLeast: false };
    const images = await this.counted(filter, upTo + 1);
    return images > upTo ? { images: upTo, atLeast: true } : { images, atLeast: false };
  }

  /**
   * How many images the filter matches, counted (at most `limit`, when given), starting from the
   * rows of its rarest facet kind (the kept counts say which), so a count never visits more than
   * the smallest facet's images. On PostgreSQL a search without a facet starts from the rows of
   * its rarest word (image_terms) instead of testing every image's search_vector.
   */
  private async counted(filter: ImageFilter, limit?: number): Promise<number> {
    if (matchesNothing(filter)) return 0;
    if (filter.search.length > 0 && this.dialect === "sqlite") {
      return this.countSearch(filter, limit);
    }
    const start = await this.countStartOf(filter);
    if (filter.search.length === 0 || start !== "exists") {
      return this.countMatching(filter, start, undefined, limit);
    }
    // PostgreSQL, a search with no facet: from its words' rows (image_terms) where they answer.
    const found = await this.indexWordsOf(filter.search);
    if (found === null) return 0;
    const counted = await this.countTerms(filter, found, limit);
    if (counted !== undefined) return counted;
    const lead = await this.rarestWordOf(found.words);
    if (lead === null) return 0;
    if (lead === undefined) return this.countMatching(filter, start, undefined, limit);
    return this.countMatching(
      filter,
      start,
      sql<SqlBool>`images.id in (select image_id from image_terms where term = any(${lead}::text[])) and ${this.searchMatches(filter.search)}`,
      limit,
    );
  }

  /**
   * How many images match, counted through `images` (matches' `start` and `search`); with
   * `limit`, at most that many.
   */
  private async countMatching(
    filter: ImageFilter,
    start: "exists" | "edition" | FacetKind,
    search?: Expression<SqlBool>,
    limit?: number,
  ): Promise<number> {
    return this.countRowsOf(
      this.db
        .selectFrom("images")
        .select(sql`1`.as("one"))
        .where((eb) => this.matches(eb, filter, start, search)),
      limit,
    );
  }

  /** How many rows a statement gives, at most `limit` when given (it stops reading there). */
  private async countRowsOf(
    // biome-ignore lint/suspicious/noExplicitAny: any statement of this database's tables.
    rows: SelectQueryBuilder<Database, any, { one: unknown }>,
    limit: number | undefined,
  ): Promise<number> {
    const row = await this.longReads
      .selectFrom((limit === undefined ? rows : rows.limit(limit)).as("m"))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * The filter's total from the kept counts, when they hold it: a visibility, edition types and
   * at most one facet value, nothing else. Undefined otherwise (it must be counted).
   */
  async keptCount(filter: ImageFilter): Promise<number | undefined> {
    if (matchesNothing(filter)) return 0;
    const facets: Array<[FacetKind, string[]]> = [
      ["tag", filter.tags],
      ["style", filter.styles],
      ["color", filter.colors],
    ];
    const given = facets.filter(([, values]) => values.length > 0);
    if (filter.availability === "sold" && given.length === 0 && filter.search.length === 0) {
      // The sold-out pieces are kept as a kind of their own (migration 0025).
      const rest = { ...filter, availability: undefined };
      if (withoutRowConditions(rest)) {
        return this.facetCounts.sum({ ...keptScopeOf(filter), kind: "sold", values: [] });
      }
    }
    const plain = filter.search.length === 0 && withoutRowConditions(filter);
    const [only] = given;
    if (!plain || given.length > 1 || (only && only[1].length > 1)) return undefined;
    return this.facetCounts.sum(
      only
        ? { ...keptScopeOf(filter), kind: only[0], values: only[1] }
        : { ...keptScopeOf(filter), kind: "all", values: [] },
    );
  }

  /** The filter's facet kind with the fewest images (by its kept counts); "exists" if none. */
  private async rarestFacetOf(filter: ImageFilter): Promise<FacetKind | "exists"> {
    return (await this.rarestFacetSizeOf(filter))?.kind ?? "exists";
  }

  /**
   * Where a count of the filter starts (matches' `start`): its rarest facet kind's rows, or, for a
   * sold filter or one of one edition type, whichever of the sets it could walk is smallest
   * (walkSizesOf); "exists" walks the catalogue, or the sold-out pieces for a sold filter.
   */
  private async countStartOf(filter: ImageFilter): Promise<FacetKind | "exists" | "edition"> {
    if (!hasNarrowSets(filter)) return this.rarestFacetOf(filter);
    const sizes = await this.walkSizesOf(filter);
    const walks: Array<[FacetKind | "exists" | "edition", number | undefined]> = [
      [sizes.rarest?.kind ?? "exists", sizes.rarest?.size ?? sizes.catalogue],
      ["exists", sizes.sold],
      ["edition", sizes.edition],
    ];
    return smallestOf(walks) ?? "exists";
  }

  /**
   * SQLite, a search: the sold-out pieces or the images of the filter's one edition type, when
   * one of them is at most NARROW_WALK_BUDGET images. Its images are then walked, each probed in
   * the full-text index (a few microseconds), rather than the words' matches walked, each tested:
   * a common word's limited editions, of which there were none, read all 465,000 of the word's
   * matches (1.7–2.6 s at 1,000,000 images).
   */
  private async narrowSetOf(filter: ImageFilter): Promise<"sold" | "edition" | undefined> {
    if (!hasNarrowSets(filter)) return undefined;
    const sizes = await this.walkSizesOf(filter);
    const narrow = smallestOf<"sold" | "edition">([
      ["sold", sizes.sold],
      ["edition", sizes.edition],
    ]);
    const size = narrow === undefined ? undefined : sizes[narrow];
    return size !== undefined && size <= NARROW_WALK_BUDGET ? narrow : undefined;
  }

  /**
   * The sizes of the sets a page or a count of the filter could walk (WalkSizes), from the kept
   * counts: a few rows of facet_counts, read only for a filter with such a set (hasNarrowSets).
   */
  async walkSizesOf(filter: ImageFilter): Promise<WalkSizes> {
    const { isPublic } = keptScopeOf(filter);
    const [catalogue, kinds, sold, edition] = await Promise.all([
      this.facetCounts.sum({ kind: "all", values: [], isPublic, editionTypes: [] }),
      // Each facet kind's rows, whatever their images' visibility and type: what a walk passes.
      this.facetSizesOf({ ...filter, visibility: "all", editionTypes: [] }),
      filter.availability === "sold"
        ? this.facetCounts.sum({ kind: "sold", values: [], isPublic, editionTypes: [] })
        : undefined,
      filter.editionTypes.length === 1
        ? this.facetCounts.sum({
            isPublic: null,
            kind: "all",
            values: [],
            editionTypes: filter.editionTypes,
          })
        : undefined,
    ]);
    const values = kinds.filter((k) => k.single).map(({ kind, size }) => ({ kind, size }));
    return { values, rarest: rarestOf(kinds), sold, edition, catalogue };
  }

  /** The filter's facet kind with the fewest images, and how many (kept counts); none: none. */
  private async rarestFacetSizeOf(
    filter: ImageFilter,
  ): Promise<{ kind: FacetKind; size: number } | undefined> {
    return rarestOf(await this.facetSizesOf(filter));
  }

  /**
   * Each facet kind the filter names, with the kept count of its values in the filter's scope (an
   * upper bound on the images carrying any of them) and whether it names one value. Tag, style,
   * colour, in that order.
   */
  private async facetSizesOf(
    filter: ImageFilter,
  ): Promise<Array<{ kind: FacetKind; size: number; single: boolean }>> {
    const sizes: Array<{ kind: FacetKind; size: number; single: boolean }> = [];
    for (const [kind, values] of [
      ["tag", filter.tags],
      ["style", filter.styles],
      ["color", filter.colors],
    ] as Array<[FacetKind, string[]]>) {
      if (values.length === 0) continue;
      const size = await this.facetCounts.sum({ ...keptScopeOf(filter), kind, values });
      sizes.push({ kind, size, single: values.length === 1 });
    }
    return sizes;
  }

  /** What the image's edition may not shrink under besides its sold count. */
  async editionFloor(id: number, now: number): Promise<EditionFloor> {
    return (await editionFloors(this.db, [id], now)).get(id) ?? { held: 0, highest: 0 };
  }

  /**
   * Changes one image and its facet rows (and writes its audit entry), in one transaction. A new
   * edition size applies only while it is not below the editions sold, checked by the update
   * itself. `unchangedSince`, the row as the change was made from: the update applies only while
   * the image's editable fields and analysis still are as they were then (a compare-and-set in
   * the statement itself, so a write by another request or process in between is never undone).
   * Returns whether the image was changed (false: no such image, the size refused, or the image
   * changed since `unchangedSince`).
   */
  async update(
    id: number,
    changes: ImageUpdate,
    facets: Partial<Record<FacetKind, string[]>>,
    now: number,
    audit?: AuditEntryInput,
    unchangedSince?: ImageVersionFields & Pick<ImageRow, "ai_analysis">,
  ): Promise<boolean> {
    const refused = new Error("refused");
    try {
      await this.db.transaction().execute(async (trx) => {
        await keepingFacetCounts(trx, this.dialect, [id], async () => {
          let update = trx
            .updateTable("images")
            .set({ ...withListAnalysis(changes), updated_at: now })
            .where("id", "=", id);
          if (unchangedSince) {
            update = update.where((eb) =>
              eb.and(
                [...IMAGE_VERSION_COLUMNS, "ai_analysis" as const].map((column) => {
                  const value = unchangedSince[column];
                  return value === null ? eb(column, "is", null) : eb(column, "=", value);
                }),
              ),
            );
          }
          // The edition's bounds hold against sales made since the row was read, against the
          // editions held for buyers paying now (each payment must still find its edition), and
          // against the numbers standing sales hold. PostgreSQL: the row locked first, so this
          // statement sees any hold placed meanwhile (a hold is placed under this lock).
          const size = changes.edition_type === "one_of_one" ? 1 : changes.max_editions;
          const offSale = changes.edition_type === "sawdust_gallery";
          if (typeof size === "number" || offSale) {
            if (this.dialect === "postgres") {
              await trx
                .selectFrom("images")
                .select("id")
                .where("id", "=", id)
                .forUpdate()
                .execute();
            }
            update = update.where((eb) =>
              typeof size === "number"
                ? eb.and([
                    eb(eb("sold_editions", "+", liveHolds(eb, now)), "<=", size),
                    eb(highestNumberSold(eb), "<=", size),
                  ])
                : eb(liveHolds(eb, now), "=", 0),
            );
          }
          const result = await update.executeTakeFirst();
          if (Number(result.numUpdatedRows) === 0) throw refused;
          for (const [kind, values] of Object.entries(facets)) {
            await trx
              .deleteFrom("image_facets")
              .where("image_id", "=", id)
              .where("kind", "=", kind)
              .execute();
            const unique = [...new Set(values)];
            if (unique.length > 0) {
              await trx
                .insertInto("image_facets")
                .values(unique.map((value) => ({ image_id: id, kind, value })))
                .execute();
            }
          }
        });
        if (audit) await trx.insertInto("audit_log").values(newAuditRow(audit, now)).execute();
      });
      return true;
    } catch (error) {
      if (error === refused) return false;
      throw error;
    }
  }

  /** The ids of the images the filter matches, smallest first, at most `limit`. */
  async findIdsMatching(filter: ImageFilter, limit: number): Promise<number[]> {
    // Its statement holds no search condition for a search without words: that would select all.
    if (filter.searchHasNoWords) return [];
    const rows = await this.db
      .selectFrom("images")
      .select("id")
      .where((eb) => this.matches(eb, filter, "all"))
      .orderBy("id")
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Ends an upload's wait for its content rating: publishes it (`publish`) or leaves it private.
   * Conditional, so an admin's visibility choice made meanwhile is never overwritten. Returns
   * whether the image was waiting.
   */
  async settleWaiting(id: number, publish: boolean, now: number): Promise<boolean> {
    const result = await this.db.transaction().execute((trx) =>
      keepingFacetCounts(trx, this.dialect, [id], () =>
        trx
          .updateTable("images")
          .set({ publish_when_rated: 0, ...(publish ? { is_public: 1 } : {}), updated_at: now })
          .where("id", "=", id)
          .where("publish_when_rated", "=", 1)
          .executeTakeFirst(),
      ),
    );
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The filter's conditions. `start` says which facet conditions are written to start from the
   * facet rows (`in`: all of them, or one kind) rather than test each image walked (`exists`).
   */
  private matches(
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's expression builder type is verbose.
    eb: any,
    filter: ImageFilter,
    start: MatchesStart,
    /** The search condition worked out beforehand (searchMatches's, when not given). */
    search?: Expression<SqlBool>,
  ): Expression<SqlBool> {
    // An admin's filter on a rare state (a moderation flag, an analysis state) is walked from
    // that state's index, and one over every visibility from the images themselves, newest first
    // (no index by status alone gives that order): on SQLite status and visibility are then
    // tested per row, or it walks an index by status through every image (1–4 s at 1,000,000).
    const perRow =
      filter.visibility === "all" ||
      filter.flagged === true ||
      filter.analysisStatus !== undefined ||
      start === "price" ||
      start === "edition";
    const column = (name: string) => (perRow ? testedPerRow(this.dialect, name) : name);
    const conditions: Expression<SqlBool>[] = [eb(column("status"), "=", "ready")];
    if (filter.visibility !== "all") {
      conditions.push(eb(column("is_public"), "=", filter.visibility === "public" ? 1 : 0));
    }
    if (filter.editionTypes.length > 0) {
      conditions.push(eb("edition_type", "in", filter.editionTypes));
    }
    if (filter.availability !== undefined) conditions.push(availabilityOf(eb, filter.availability));
    const prices = (column: string) => {
      const bounds: Expression<SqlBool>[] = [];
      if (filter.minPriceCents !== undefined) {
        bounds.push(eb(column, ">=", filter.minPriceCents));
      }
      if (filter.maxPriceCents !== undefined) {
        bounds.push(eb(column, "<=", filter.maxPriceCents));
      }
      return bounds;
    };
    if (filter.analysisStatus !== undefined) {
      conditions.push(eb("analysis_status", "=", filter.analysisStatus));
    }
    if (filter.flagged !== undefined) {
      // Every kind by name, not `is not null`: SQLite walks its index for values, not for a range.
      conditions.push(
        filter.flagged
          ? eb("moderation", "in", [...MODERATION_KINDS])
          : eb("moderation", "is", null),
      );
    }
    // On SQLite one `images.id in (…)` at most may drive the walk: given two, SQLite seeks every
    // pair of the two lists' ids (a common tag with a common colour, or a common word with one:
    // minutes at 1,000,000 images). Any other is written `+images.id in (…)`, tested per row.
    let idLists = 0;
    const idIn = <V>(list: V) =>
      eb(this.dialect === "sqlite" && idLists++ > 0 ? sql`+images.id` : "images.id", "in", list);
    // "price" starts from the images priced within the bounds (images_price_idx), first of all.
    if (start === "price" && prices("p.price_cents").length > 0) {
      conditions.push(
        idIn(
          eb
            .selectFrom("images as p")
            .select("p.id")
            .where((inner: typeof eb) => inner.and(prices("p.price_cents"))),
        ),
      );
    } else {
      conditions.push(...prices("price_cents"));
    }
    // "exists" tests each image walked in id order; "in" starts from the facet index's rows.
    const facet = (kind: FacetKind, values: string[]) =>
      start !== "all" && start !== kind
        ? eb.exists(
            eb
              .selectFrom("image_facets as f")
              .select(sql`1`.as("one"))
              .whereRef("f.image_id", "=", "images.id")
              .where("f.kind", "=", kind)
              .where("f.value", "in", values),
          )
        : idIn(
            eb
              .selectFrom("image_facets as f")
              .select("f.image_id")
              .where("f.kind", "=", kind)
              .where("f.value", "in", values),
          );
    if (filter.tags.length > 0) conditions.push(facet("tag", filter.tags));
    if (filter.styles.length > 0) conditions.push(facet("style", filter.styles));
    if (filter.colors.length > 0) conditions.push(facet("color", filter.colors));
    if (filter.search.length > 0) {
      conditions.push(search ?? this.searchMatches(filter.search, idLists > 0));
    }
    return eb.and(conditions);
  }

  /**
   * SQLite: a search's page found from the full-text index newest first (its rowid is the
   * image's id), each match tested against the other conditions until the page is full: the cost
   * follows the page, not the number of matches (the index walks its doclists lazily, and the
   * last word's prefix is spelled out as its terms, see fts5MatchOf).
   */
  private async findSearchPage(
    filter: ImageFilter,
    afterId: number | undefined,
    limit: number,
  ): Promise<ListRow[]> {
    const match = await this.fts5MatchOf(filter.search);
    if (match === null) return [];
    // With other conditions the page may walk many matches before it is full (a rare tag among
    // a common word's: 0.24-0.66 s at 1,000,000 images): on the read thread. A search alone
    // stops at the page.
    const reads = onlyVisibilityOf(filter) ? this.db : this.longReads;
    const narrow = await this.narrowSetOf(filter);
    if (narrow !== undefined) {
      // A few sold pieces or images of one type: each probed in the full-text index, newest first.
      let walk = reads
        .selectFrom("images")
        .select(LIST_COLUMNS)
        .where((eb) => this.matches(eb, filter, MATCHES_START[narrow], ftsProbe(match)))
        .orderBy("id", "desc")
        .limit(limit);
      if (afterId !== undefined) walk = walk.where("id", "<", afterId);
      return walk.execute();
    }
    let query = reads
      .selectFrom(sql<{ rowid: number }>`images_fts`.as("f"))
      .innerJoin("images", "images.id", "f.rowid")
      .select(LIST_COLUMNS.map((column) => `images.${column}` as const))
      .where(sql<SqlBool>`f.images_fts match ${match}`)
      .where((eb) => this.matches(eb, { ...filter, search: [] }, "exists"))
      .orderBy("f.rowid", "desc")
      .limit(limit);
    if (afterId !== undefined) query = query.where("f.rowid", "<", afterId);
    return query.execute();
  }

  /**
   * PostgreSQL: a search's page newest first, walked from the rows of its rarest word
   * (image_terms, migration 0018; rarestWordOf) rather than along the whole catalogue: each of
   * that word's images, newest first, is tested against the whole filter, search included, until
   * the page is full. The cost follows the page and how often the other conditions hold among the
   * word's images, not the catalogue's size or the word's rarity. A prefix spelled out as several
   * words walks each of them to a page (a lateral join) and keeps the newest of all, which are
   * exactly the page's images: any image of the page is within the first page of each of its
   * words. A search with no word to lead (rarestWordOf) walks the catalogue as before.
   */
  private async findTermsPage(
    filter: ImageFilter,
    afterId: number | undefined,
    limit: number,
  ): Promise<ListRow[]> {
    const found = await this.indexWordsOf(filter.search);
    const lead = found === null ? null : await this.rarestWordOf(found.words);
    if (lead === null) return [];
    if (lead === undefined) {
      const start = afterId === undefined ? undefined : { afterId };
      return this.orderedPageQuery(filter, "newest", start, limit, "walk").execute();
    }
    // Each walked image's full-text test, in a form no index answers (not an operator clause):
    // the plan can only walk the word's rows, whatever the words, so the statement may be named
    // and its plan kept. With the bare `@@`, PostgreSQL's generic plan read every match from the
    // full-text index for each row walked (PLANNED_FOR_ITS_VALUES).
    const tested = sql<SqlBool>`coalesce(images.search_vector @@ to_tsquery('simple', ${toTsQuery(filter.search)}), false)`;
    const walk = (term: Expression<string>) => {
      let query = this.db
        .selectFrom("image_terms as t")
        .innerJoin("images", "images.id", "t.image_id")
        .select(LIST_COLUMNS.map((column) => `images.${column}` as const))
        .where("t.term", "=", term)
        .where((eb) => this.matches(eb, filter, "exists", tested))
        .orderBy("t.image_id", "desc")
        .limit(limit);
      if (afterId !== undefined) query = query.where("t.image_id", "<", afterId);
      return query;
    };
    const [only] = lead;
    if (only !== undefined && lead.length === 1) return walk(sql.val(only)).execute();
    const { rows } = await sql<ListRow>`
      select distinct on (page.id) page.* from unnest(${lead}::text[]) as word(term)
      cross join lateral (${walk(sql.ref("word.term"))}) as page
      order by page.id desc limit ${limit}
    `.execute(this.db);
    return rows;
  }

  /**
   * PostgreSQL: the words of image_terms a search's page walks (findTermsPage) or its count
   * starts from: those of the search word (indexWordsOf's) with the fewest images. Null when a
   * word has no image (nothing can match); undefined when no word can lead. Which is rarest is
   * told by counting each word's images up to LEAD_COUNT_CAP, and only when there is a choice.
   */
  private async rarestWordOf(candidates: string[][]): Promise<string[] | null | undefined> {
    if (candidates.length <= 1) return candidates[0];
    let rarest: { words: string[]; images: number } | undefined;
    for (const words of candidates) {
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from (
          select 1 from image_terms where term = any(${words}::text[]) limit ${LEAD_COUNT_CAP}
        ) as capped
      `.execute(this.db);
      const images = Number(rows[0]?.n ?? 0);
      if (images === 0) return null;
      if (rarest === undefined || images < rarest.images) rarest = { words, images };
    }
    return rarest?.words;
  }

  /**
   * PostgreSQL: each search word as the words image_terms files it under, in the search's order,
   * for those this code can spell out: a word before the last is itself, the last, taken as a
   * prefix, every word of the index it begins (at most MAX_PREFIX_TERMS, found by one seek
   * each). `complete` when every word was spelled out: then an image matches the search exactly
   * when, for each word, it has one of its words. Left out: a word this code cannot fold as the
   * index does (indexedPrefixOf), and a prefix of too many words. Null when the last word begins
   * no word of the index (nothing can match).
   */
  private async indexWordsOf(
    terms: string[],
  ): Promise<{ words: string[][]; complete: boolean } | null> {
    const words: string[][] = [];
    for (const [i, term] of terms.entries()) {
      const word = indexedPrefixOf(term);
      if (word === undefined) continue;
      if (i < terms.length - 1) {
        words.push([word]);
        continue;
      }
      const begun = await this.wordsBeginning(word);
      if (begun.length === 0) return null;
      if (begun.length <= MAX_PREFIX_TERMS) words.push(begun);
    }
    return { words, complete: words.length === terms.length };
  }

  /**
   * PostgreSQL: how many images a search with no other filter but the visibility matches,
   * exactly, from its words' rows alone (image_terms' primary key, read without the images): the
   * images having a word of each search word, less those the visibility hides (few: read as
   * ranges of images_listing_idx and joined away). Counting through the images instead tests
   * every image's search_vector when the word is common, a sequential scan: 2–3 s for
   * `landscape` at 1,000,000 images, against 0.2 s so. Undefined when it cannot be counted so
   * (the words not all spelled out, other filters, or private images only): the caller counts
   * through the images.
   */
  private async countTerms(
    filter: ImageFilter,
    found: { words: string[][]; complete: boolean },
    limit?: number,
  ): Promise<number | undefined> {
    if (filter.visibility === "private" || !onlyVisibilityOf(filter)) return undefined;
    const [first] = found.words;
    if (!found.complete || first === undefined) return undefined;
    const rowsOf = (words: string[]) =>
      sql`select image_id from image_terms where term = any(${words}::text[])`;
    // Each image once: `intersect` keeps one of each, and one word spelled as several of the
    // index's words is made distinct (one index word holds an image once: its primary key).
    const matched =
      found.words.length > 1
        ? sql.join(found.words.map(rowsOf), sql` intersect `)
        : first.length > 1
          ? sql`select distinct image_id from (${rowsOf(first)}) as word`
          : rowsOf(first);
    // Not listed: not ready, or (for the public) ready and private. Each an index range.
    const ranges = [sql`status < 'ready'`, sql`status > 'ready'`];
    if (filter.visibility === "public") {
      ranges.push(sql`status = 'ready' and is_public < 1`, sql`status = 'ready' and is_public > 1`);
    }
    const hidden = sql.join(
      ranges.map((range) => sql`select id from images where ${range}`),
      sql` union all `,
    );
    const listed = sql`
      select 1 from (${matched}) as m
      where not exists (select 1 from (${hidden}) as h where h.id = m.image_id)
      ${limitClause(limit)}
    `;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from (${listed}) as listed ${sql.raw(PLANNED_FOR_ITS_VALUES)}
    `.execute(this.db);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * SQLite: how many images a search matches, exactly. A search with no other filter but the
   * visibility counts the index's matches alone, leaving out the few images the visibility hides
   * (read from images_listing_idx into a small set the walk tests each match against) instead of
   * reading each match's image; with other filters the matches are counted through the images.
   * Either way it follows the number of matches: the totals cache (list-cache.ts) keeps it.
   */
  private async countSearch(filter: ImageFilter, limit?: number): Promise<number> {
    const match = await this.fts5MatchOf(filter.search);
    if (match === null) return 0;
    const narrow = await this.narrowSetOf(filter);
    if (narrow !== undefined) {
      const start = narrow === "edition" ? "edition" : "exists";
      return this.countMatching(filter, start, ftsProbe(match), limit);
    }
    if (onlyVisibilityOf(filter)) {
      // `+rowid`: tested on each match, not handed to the index as rowids to look up one by one.
      const notReady = sql`select id from images where status < 'ready' or status > 'ready'`;
      const hidden =
        filter.visibility === "public"
          ? sql`+rowid not in (${notReady} union all select id from images where status = 'ready' and is_public = 0)`
          : filter.visibility === "private"
            ? sql`+rowid in (select id from images where status = 'ready' and is_public = 0)`
            : sql`+rowid not in (${notReady})`;
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from (
          select 1 from images_fts where images_fts match ${match} and ${hidden}
          ${limitClause(limit)}
        )
      `.execute(this.longReads);
      return Number(rows[0]?.n ?? 0);
    }
    // Two ways to count. (a) Walk the words' matches, as the page does (findSearchPage), testing
    // each against the rest of the filter: with a limit it stops there, after about limit ×
    // catalogue ÷ facet rows when a facet is in the filter. (b) Walk the rarest facet's rows, each
    // looked up among the words' matches, listed once (their number: 290,000 for `portrai` at
    // 1,000,000 images). A rare tag with a common word takes (b): its few thousand rows, where
    // (a) walked the word's 465,000 (2.3 s). A common colour takes (a): 10–20 ms against (b)'s
    // 130–180.
    const rarest = await this.rarestFacetSizeOf(filter);
    if (rarest !== undefined) {
      const catalogue = await this.facetCounts.sum({
        ...keptScopeOf(filter),
        kind: "all",
        values: [],
      });
      if (limit === undefined || limit * catalogue > WALKED_MATCHES_BUDGET * rarest.size) {
        return this.countMatching(filter, rarest.kind, ftsMatches(match, true), limit);
      }
    }
    return this.countRowsOf(
      this.db
        .selectFrom(sql<{ rowid: number }>`images_fts`.as("f"))
        .innerJoin("images", "images.id", "f.rowid")
        .select(sql`1`.as("one"))
        .where(sql<SqlBool>`f.images_fts match ${match}`)
        .where((eb) => this.matches(eb, { ...filter, search: [] }, "exists")),
      limit,
    );
  }

  /** A vocabulary of the full-text index (its terms in order), made once per connection. */
  private vocabulary: Promise<void> | undefined;

  /**
   * SQLite: the MATCH text for these words (toFts5Query), with the last word's prefix spelled
   * out as the index's terms that begin with it when there are at most MAX_PREFIX_TERMS of them;
   * null when none does (nothing can match). Each term is one seek in the index's vocabulary
   * (fts5vocab, `instance`: it reads nothing past the row it returns), so this costs a few
   * short statements whatever the catalogue's size. Words it cannot fold as the tokenizer does
   * (indexedPrefixOf), or a prefix with more terms, stay FTS5 prefix queries, and so do prefixes
   * the index keeps whole (FTS_KEPT_PREFIX_CHARS): one list to read.
   */
  private async fts5MatchOf(terms: string[]): Promise<string | null> {
    const last = terms[terms.length - 1];
    const prefix = last === undefined ? undefined : indexedPrefixOf(last);
    if (prefix === undefined || prefix.length <= FTS_KEPT_PREFIX_CHARS) return toFts5Query(terms);
    this.vocabulary ??= sql`
      create virtual table if not exists temp.images_fts_terms
      using fts5vocab(main, images_fts, instance)
    `
      .execute(this.db)
      .then(
        () => undefined,
        (error: unknown) => {
          this.vocabulary = undefined;
          throw error;
        },
      );
    await this.vocabulary;
    const words = await this.wordsBeginning(prefix);
    if (words.length === 0) return null;
    return words.length <= MAX_PREFIX_TERMS ? toFts5Query(terms, words) : toFts5Query(terms);
  }

  /**
   * The index's words that begin with `prefix` (already folded as the index folds), in order, at
   * most MAX_PREFIX_TERMS + 1 of them (one more means too many to spell out); none when no word
   * does. Kept between searches until the catalogue changes (PrefixWordsKeeper): at 1,000,000
   * images, finding that no word follows `landscape` in SQLite's vocabulary took 170–280 µs of a
   * search's ~1 ms (the seek reads past the word's long doclist in each segment), 57 µs at
   * 100,000 (bench/RESULTS.md, 2026-11-28, session 35).
   */
  private wordsBeginning(prefix: string): Promise<string[]> {
    const lookUp = () =>
      this.dialect === "postgres"
        ? this.termsTableWordsBeginning(prefix)
        : this.vocabularyWordsBeginning(prefix);
    return this.kept ? this.kept.prefixWords(prefix, lookUp) : lookUp();
  }

  /** PostgreSQL: wordsBeginning from image_terms, a recursive loose scan of its key. */
  private async termsTableWordsBeginning(prefix: string): Promise<string[]> {
    const { rows } = await sql<{ term: string }>`
      with recursive next_term(term) as (
        (select term from image_terms
          where term >= ${prefix} and term < ${prefixEnd(prefix)} order by term limit 1)
        union all
        select (select t.term from image_terms t
          where t.term > next_term.term and t.term < ${prefixEnd(prefix)} order by t.term limit 1)
        from next_term where next_term.term is not null
      )
      select term from next_term where term is not null limit ${MAX_PREFIX_TERMS + 1}
    `.execute(this.db);
    return rows.map((row) => row.term);
  }

  /** SQLite: wordsBeginning from FTS5's vocabulary (fts5MatchOf makes it), one seek a word. */
  private async vocabularyWordsBeginning(prefix: string): Promise<string[]> {
    const end = prefixEnd(prefix);
    const words: string[] = [];
    let from = prefix;
    while (words.length <= MAX_PREFIX_TERMS) {
      const { rows } = await sql<{ term: string }>`
        select term from temp.images_fts_terms where term >= ${from} and term < ${end} limit 1
      `.execute(this.db);
      const term = rows[0]?.term;
      if (term === undefined) break;
      words.push(term);
      // The next term up: no term continues this one with a character below U+0001.
      from = `${term}\u0001`;
    }
    return words;
  }

  /**
   * The full-text condition, through the index each dialect keeps (migration 0003). On
   * PostgreSQL a statement holding it is planned for its words every time (PLANNED_FOR_ITS_VALUES).
   */
  private searchMatches(terms: string[], afterIdList = false): Expression<SqlBool> {
    return this.dialect === "postgres"
      ? sql<SqlBool>`images.search_vector @@ to_tsquery('simple', ${toTsQuery(terms)}) ${sql.raw(PLANNED_FOR_ITS_VALUES)}`
      : ftsMatches(toFts5Query(terms), afterIdList);
  }
}

/** `limit n` for raw statements that stop at `limit` rows when given; nothing otherwise. */
function limitClause(limit: number | undefined) {
  return limit === undefined ? sql`` : sql`limit ${limit}`;
}

/**
 * SQLite: the images whose full-text row matches. After another `images.id in (…)` (a facet the
 * walk starts from) it is tested per row (`+`): two such lists make SQLite seek every pair of ids.
 */
function ftsMatches(match: string, afterIdList: boolean): Expression<SqlBool> {
  const id = afterIdList ? sql`+images.id` : sql`images.id`;
  return sql<SqlBool>`${id} in (select rowid from images_fts where images_fts match ${match})`;
}

/**
 * SQLite: whether an image's full-text row matches, looked up by its id (FTS5 seeks the words'
 * lists to that rowid): a test per image walked, for a walk along some other set (narrowSetOf).
 */
function ftsProbe(match: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from images_fts where images_fts match ${match} and rowid = images.id)`;
}

/**
 * SQLite: a search over the sold-out pieces or one edition type walks that set, each image probed
 * in the full-text index, when it holds at most this many images (about 15 µs a probe here).
 */
const NARROW_WALK_BUDGET = 5_000;

/**
 * SQLite: a search's count with a facet walks the words' matches (rather than the facet's rows)
 * when it should find its limit within about this many of them (countSearch).
 */
const WALKED_MATCHES_BUDGET = 20_000;

/**
 * SQLite: the full-text index keeps the prefixes of every word up to this many characters
 * (FTS5's `prefix = '1 2'`, migration 0021): a search's last word this short is read as one list.
 */
const FTS_KEPT_PREFIX_CHARS = 2;

/**
 * At most this many index terms stand for a search's last word (a short prefix such as "a" has
 * hundreds: it stays a prefix query).
 */
const MAX_PREFIX_TERMS = 16;

/**
 * PostgreSQL: a search word's images are counted up to this many when choosing which word a page
 * walks (rarestWordOf): enough to tell a rare word from a common one, and a bounded read of the
 * word's index entries.
 */
const LEAD_COUNT_CAP = 2_000;

/**
 * The facet a newest-first page walks (orderedPageQuery): the first kind filtered by one value.
 */
export function leadFacetOf(
  filter: ImageFilter,
  kind?: FacetKind,
): { kind: FacetKind; field: "tags" | "styles" | "colors"; value: string } | undefined {
  return singleValuesOf(filter).find((single) => kind === undefined || single.kind === kind);
}

/** The facet kinds the filter has exactly one value of, with that value: tag, style, colour. */
function singleValuesOf(
  filter: ImageFilter,
): Array<{ kind: FacetKind; field: "tags" | "styles" | "colors"; value: string }> {
  const singles: Array<{ kind: FacetKind; field: "tags" | "styles" | "colors"; value: string }> =
    [];
  for (const [kind, field] of [
    ["tag", "tags"],
    ["style", "styles"],
    ["color", "colors"],
  ] as const) {
    const [value] = filter[field];
    if (value !== undefined && filter[field].length === 1) singles.push({ kind, field, value });
  }
  return singles;
}

function isFacetKind(lead: PageLead): lead is FacetKind {
  return lead === "tag" || lead === "style" || lead === "color";
}

/** The image row's keys of its display renditions (LIST_RENDITIONS) among `renditions`. */
function listKeysOf(renditions: NewRendition[]): Partial<Record<`key_${ListRendition}`, string>> {
  const keys: Partial<Record<`key_${ListRendition}`, string>> = {};
  for (const r of renditions) if (isListRendition(r.size)) keys[`key_${r.size}`] = r.storageKey;
  return keys;
}

function renditionValues(imageId: number, r: NewRendition, now: number) {
  return {
    image_id: imageId,
    size: r.size,
    storage_key: r.storageKey,
    width: r.width,
    height: r.height,
    bytes: r.bytes,
    upscaled: r.upscaled ? 1 : 0,
    created_at: now,
  };
}

/**
 * The availability filter as SQL over the image's own columns (the sold count is kept on the
 * row): available is an open edition, an uncollected 1/1 or a limited edition not sold out;
 * sold is a collected 1/1 or a sold-out limited edition. Not for sale (the gallery): neither.
 */
// biome-ignore lint/suspicious/noExplicitAny: Kysely's expression builder type is verbose.
function availabilityOf(eb: any, availability: "available" | "sold"): Expression<SqlBool> {
  // Literals, not parameters: the sold condition is images_sold_out_idx's own (migration 0020),
  // and neither database matches a partial index's condition to a parameter's value.
  const is = (type: string) => eb("edition_type", "=", sql.lit(type));
  const sold = (op: "<" | ">=") => [
    eb.and([is("one_of_one"), eb("sold_editions", op, sql.lit(1))]),
    eb.and([
      is("limited_edition"),
      eb("sold_editions", op, eb.fn.coalesce("max_editions", sql.lit(0))),
    ]),
  ];
  // Named first as a plain list, so a count can start from the edition-type index
  // (images_edition_idx) rather than walk every image.
  const forSale = eb("edition_type", "in", ["one_of_one", "limited_edition", "open_edition"]);
  const which =
    availability === "available" ? eb.or([is("open_edition"), ...sold("<")]) : eb.or(sold(">="));
  return eb.and([forSale, which]);
}

/**
 * Whether the filter's own conditions contradict each other, so that no image can match: an
 * availability no piece of its edition types can have (a sold-out open edition or gallery piece),
 * a lowest price above the highest, or a search without a word. Answered without a query: asked
 * of the database, such a filter reads every image its other conditions allow looking for one
 * (about a second for a common word at 1,000,000 images).
 */
function matchesNothing(filter: ImageFilter): boolean {
  if (filter.searchHasNoWords) return true;
  const types = filter.editionTypes;
  if (filter.availability !== undefined && types.length > 0) {
    const possible =
      filter.availability === "sold"
        ? ["one_of_one", "limited_edition"]
        : ["one_of_one", "limited_edition", "open_edition"];
    if (!types.some((type) => possible.includes(type))) return true;
  }
  const { minPriceCents: min, maxPriceCents: max } = filter;
  return min !== undefined && max !== undefined && min > max;
}

/** Where matches() starts: see its comment, and PageLead for the pages' leads. */
type MatchesStart = "exists" | "all" | FacetKind | "price" | "edition";

/**
 * The start a page's statement gives matches() for each lead (orderedPageQuery). `sold` is a
 * walk: the sold condition is images_sold_out_idx's own, so both databases walk that index.
 */
const MATCHES_START: Record<PageLead, MatchesStart> = {
  walk: "exists",
  tag: "exists",
  style: "exists",
  color: "exists",
  facets: "all",
  price: "price",
  sold: "exists",
  edition: "edition",
};

/**
 * Whether the filter has a set that may be smaller than the one its page walks by default
 * (WalkSizes): the sold-out pieces, one edition type, or the value of a second facet kind (a
 * common tag with a rare style). Other filters never read walkSizesOf's counts.
 */
export function hasNarrowSets(filter: ImageFilter): boolean {
  return (
    filter.availability === "sold" ||
    filter.editionTypes.length === 1 ||
    singleValuesOf(filter).length > 1
  );
}

/** The first facet kind of the fewest images among these (facetSizesOf); none: undefined. */
function rarestOf(
  sizes: Array<{ kind: FacetKind; size: number }>,
): { kind: FacetKind; size: number } | undefined {
  let rarest: { kind: FacetKind; size: number } | undefined;
  for (const { kind, size } of sizes) if (!rarest || size < rarest.size) rarest = { kind, size };
  return rarest;
}

/** The first of the smallest of these sizes' names (an unknown size is never smallest). */
export function smallestOf<T>(sizes: Array<[T, number | undefined]>): T | undefined {
  let best: [T, number] | undefined;
  for (const [name, size] of sizes) {
    if (size !== undefined && (best === undefined || size < best[1])) best = [name, size];
  }
  return best?.[0];
}

/** The visibility and edition types of a filter, as the kept counts are keyed. */
function keptScopeOf(filter: ImageFilter): Pick<KeptScope, "isPublic" | "editionTypes"> {
  return {
    isPublic: filter.visibility === "all" ? null : filter.visibility === "public" ? 1 : 0,
    editionTypes: filter.editionTypes,
  };
}

/** The changes, with the list-sized analysis beside a new analysis (list-analysis.ts). */
export function withListAnalysis<T extends { ai_analysis?: unknown }>(
  changes: T,
): T & { list_analysis?: string } {
  return typeof changes.ai_analysis === "string"
    ? { ...changes, list_analysis: listAnalysisOf(changes.ai_analysis) }
    : changes;
}

/**
 * Whether the filter has none of the conditions only an image's own row can answer (availability,
 * price bounds, analysis status, flagged): the kept counts and the search index know none of them.
 */
function withoutRowConditions(filter: ImageFilter): boolean {
  return (
    filter.availability === undefined &&
    filter.minPriceCents === undefined &&
    filter.maxPriceCents === undefined &&
    filter.analysisStatus === undefined &&
    filter.flagged === undefined
  );
}

/** Whether the filter holds nothing but a visibility (and words to search for). */
function onlyVisibilityOf(filter: ImageFilter): boolean {
  return (
    filter.tags.length + filter.styles.length + filter.colors.length === 0 &&
    filter.editionTypes.length === 0 &&
    withoutRowConditions(filter)
  );
}
