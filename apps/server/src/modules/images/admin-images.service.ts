import { randomUUID } from "node:crypto";
import {
  ADMIN_IMAGES,
  type AdminImage,
  type AdminImageBatchResult,
  type AdminImageFilter,
  type AdminImageList,
  type AdminImageListQuery,
  type AdminImageOperation,
  type BatchImageResult,
  type LicenceDefaults,
  MESSAGES,
  type Member,
  type ModerationKind,
} from "@sawdust/shared";
import type { FastifyBaseLogger } from "fastify";
import type { ChangeEvent, EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, notFound } from "../../lib/errors.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import type { MediaStore } from "../../media/media-store.js";
import type { AdminImagesRepo, BatchRow, BatchWrites, Selected } from "./admin-images.repo.js";
import {
  editionChangeOf,
  isHeldByTheRater,
  normalizeTags,
  tagsAfter,
} from "./admin-images.rules.js";
import { decodeCursor, encodeCursor, smallestWalk } from "./catalogue.service.js";
import { imageVersion } from "./image-version.js";
import { ANALYZE_JOB, ANALYZE_MAX_ATTEMPTS, IMAGE_MESSAGES } from "./images.constants.js";
import { parseArray, presentImage } from "./images.presenter.js";
import { hasNarrowSets, type ImageFilter, type ImagesRepo, type PageLead } from "./images.repo.js";
import { analysisErrorOf } from "./list-analysis.js";
import { searchFilterOf } from "./search-query.js";

/** A batch's selection after parsing: ids, or the admin table's filter. */
export type AdminImageSelectionInput = { ids: number[] } | { filter: AdminImageFilter };

type ImageEventType = Extract<ChangeEvent, { imageId: number }>["type"];

/** What each operation announces per image it changed, once committed. */
const EVENT_OF: Record<AdminImageOperation["type"], ImageEventType> = {
  make_public: "image.shown",
  make_private: "image.hidden",
  delete: "image.deleted",
  reanalyse: "image.updated",
  set_edition: "image.updated",
  add_tags: "image.updated",
  remove_tags: "image.updated",
};

/**
 * The admin console's image table (/admin/images): every ready image, private ones and those
 * waiting for a moderator included, filtered and searched; and its batch operations, each applied
 * to up to ADMIN_IMAGES.batchMax images in one transaction and reported image by image.
 *
 * Uploads still being processed (and deletions under way) are not listed: they have no
 * renditions yet, or no longer, and finish or vanish on their own. An image whose analysis failed
 * is ready, and listed (the analysis filter finds them).
 */
export class AdminImagesService {
  constructor(
    private readonly deps: {
      images: ImagesRepo;
      batches: AdminImagesRepo;
      media: MediaStore;
      /** The site settings' licence prices, for pieces with none of their own (issue 19). */
      licenceDefaults?: () => Promise<LicenceDefaults>;
      clock: Clock;
      events: EventBus;
      /** Called after analysis jobs were committed, so an idle worker here starts at once. */
      onJobQueued?: () => void;
      /** Where deleted images whose files could not be removed yet are told (the janitor's). */
      log?: Pick<FastifyBaseLogger, "warn">;
    },
  ) {}

  /**
   * Where a page of the table is found from (PageLead): one edition type's images when they are
   * fewer than the images of the visibility asked for (the private limited editions walked every
   * private image: 1 s at 1,000,000 images on SQLite, none existing); a flag, an analysis state or
   * a search leads from its own index, as before.
   */
  private async leadOf(filter: ImageFilter, limit: number): Promise<PageLead> {
    const own =
      filter.flagged !== undefined ||
      filter.analysisStatus !== undefined ||
      filter.search.length > 0;
    if (own || !hasNarrowSets(filter)) return "walk";
    const sizes = await this.deps.images.walkSizesOf(filter);
    return smallestWalk({ order: "newest", usual: "walk", sizes, limit, matches: 0 });
  }

  /** One page of the table, newest first, with the filter's total. */
  async list(query: AdminImageListQuery, admin: Member): Promise<AdminImageList> {
    const filter = filterOf(query);
    const rows = await this.deps.images.findPage(
      filter,
      decodeCursor(query.cursor),
      query.limit + 1,
      await this.leadOf(filter, query.limit),
    );
    const page = rows.slice(0, query.limit);
    const renditions = await this.deps.images.findRenditions(page.map((row) => row.id));
    const errors = await this.deps.images.findAnalysisErrors(
      page.filter((row) => row.analysis_status === "failed").map((row) => row.id),
    );
    const now = this.deps.clock.now();
    const licenceDefaults = await this.deps.licenceDefaults?.();
    const images: AdminImage[] = page.map((row) => ({
      ...presentImage(
        row,
        renditions.filter((r) => r.image_id === row.id),
        admin,
        this.deps.media,
        now,
        { compact: true, licenceDefaults },
      ),
      moderation: row.moderation as ModerationKind | null,
      moderationReason: row.moderation_reason,
      analysisError: errors.get(row.id) ?? null,
    }));
    const last = rows.length > query.limit ? page.at(-1) : undefined;
    return {
      images,
      nextCursor: last ? encodeCursor(last.id) : null,
      stats: { totalImages: await this.deps.images.count(filter) },
    };
  }

  /**
   * One ready image for the edit page, whatever its visibility, with its version (its ETag): the
   * edit's `If-Match`, so that a save made after another change to the image is refused.
   */
  async getForEdit(id: number, admin: Member): Promise<{ image: AdminImage; version: string }> {
    const row = await this.deps.images.findReadyById(id);
    if (!row) throw notFound(IMAGE_MESSAGES.notFound);
    const renditions = await this.deps.images.findRenditions([id]);
    const image = presentImage(row, renditions, admin, this.deps.media, this.deps.clock.now(), {
      licenceDefaults: await this.deps.licenceDefaults?.(),
    });
    return {
      image: {
        ...image,
        moderation: row.moderation as ModerationKind | null,
        moderationReason: row.moderation_reason,
        analysisError: row.analysis_status === "failed" ? analysisErrorOf(row.ai_analysis) : null,
      },
      version: imageVersion(row),
    };
  }

  /**
   * Applies one operation to the selected images in one transaction. A selected image that does
   * not exist (or is no longer ready), or that a rule refuses (an edition size below its sales, too
   * many tags), is reported with its reason and left as it is; every other one is changed. A filter
   * matching more than ADMIN_IMAGES.batchMax images is refused whole (400). One audit entry names
   * the operation, the images changed and those skipped. Deleted images lose their files only
   * after the commit; the changes are announced after it too, so every process's lists drop them.
   */
  async batch(
    selection: AdminImageSelectionInput,
    operation: AdminImageOperation,
    admin: Member,
    requestId?: string,
  ): Promise<AdminImageBatchResult> {
    // Tags that are all emoji or punctuation become no tag: refused, rather than every image
    // reported changed with nothing added (round 59c).
    if (
      (operation.type === "add_tags" || operation.type === "remove_tags") &&
      normalizeTags(operation.tags).length === 0
    ) {
      throw badRequest(MESSAGES.adminImages.noTagLeft, "no_tag_left");
    }
    const result = await this.deps.batches.applyBatch(
      "ids" in selection ? { ids: selection.ids } : { filter: filterOf(selection.filter) },
      {
        limit: ADMIN_IMAGES.batchMax,
        withAnalysis: operation.type === "add_tags" || operation.type === "remove_tags",
        withEditionFloors: operation.type === "set_edition",
        now: this.deps.clock.now(),
      },
      (rows, selected) => decideBatch(operation, rows, selected, admin, requestId),
    );
    const changed = result.results.filter((r) => r.ok).map((r) => r.id);
    const type = EVENT_OF[operation.type];
    await Promise.all(changed.map((imageId) => this.deps.events.emit({ type, imageId })));
    if (operation.type === "delete") {
      // Committed: the files go now (never before), then the rows. A crash or a storage failure
      // in between leaves rows marked deleting (invisible already), which the janitor finishes:
      // the batch's answer stands either way.
      try {
        for (const imageId of changed) await this.deps.media.removeImage(imageId);
        await this.deps.batches.deleteDeleting(changed);
      } catch (error) {
        // The janitor's next sweep (ingest.recoverAbandoned) removes what is left.
        this.deps.log?.warn(
          { err: error, imageIds: changed },
          "images deleted, but their files could not all be removed yet: the janitor will remove them",
        );
      }
    }
    if (operation.type === "reanalyse" && changed.length > 0) this.deps.onJobQueued?.();
    return result;
  }
}

/** The table's filter as the image repository takes it. */
function filterOf(filter: AdminImageFilter): ImageFilter {
  return {
    visibility: filter.visibility ?? "all",
    tags: [],
    styles: [],
    colors: [],
    editionTypes: filter.editionType ? [filter.editionType] : [],
    ...searchFilterOf(filter.q),
    ...(filter.analysis ? { analysisStatus: filter.analysis } : {}),
    ...(filter.flagged !== undefined ? { flagged: filter.flagged } : {}),
  };
}

/**
 * The batch's rules, applied to the locked rows: which images change and how, which are skipped
 * and why, and the audit entry. It runs inside the transaction and writes nothing itself; a throw
 * refuses the whole batch.
 */
function decideBatch(
  operation: AdminImageOperation,
  rows: BatchRow[],
  selected: Selected,
  admin: Member,
  requestId: string | undefined,
): BatchWrites<AdminImageBatchResult> {
  const max = ADMIN_IMAGES.batchMax;
  if (selected.matched > max) {
    throw badRequest(
      MESSAGES.adminImages.tooManyForBatch(selected.matched, max),
      "batch_too_large",
    );
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: BatchImageResult[] = [];
  const ready: BatchRow[] = [];
  for (const id of selected.ids) {
    const row = byId.get(id);
    if (row) ready.push(row);
    else results.push({ id, ok: false, error: MESSAGES.adminImages.imageNotFound });
  }
  const writes: Omit<BatchWrites<AdminImageBatchResult>, "result"> = {};
  /** Each changed image's fields before the batch, for the audit entry. */
  const before: Record<number, unknown> = {};
  const changed: number[] = [];
  const accept = (row: BatchRow, was: unknown) => {
    changed.push(row.id);
    before[row.id] = was;
    results.push({ id: row.id, ok: true });
  };

  switch (operation.type) {
    case "make_public":
    case "make_private": {
      const publishing = operation.type === "make_public";
      const approved: NonNullable<typeof writes.each> = [];
      for (const row of ready) {
        const approving = publishing && isHeldByTheRater(row.moderation);
        accept(row, {
          isPublic: row.is_public === 1,
          ...(approving ? { moderation: row.moderation } : {}),
        });
        // Published by an admin, a flagged or unrated image is approved: it leaves the queue
        // (members' reports stay open there).
        if (approving) {
          approved.push({ id: row.id, set: { moderation: null, moderation_reason: null } });
        }
      }
      if (approved.length > 0) writes.each = approved;
      // An admin's choice stands: a later rating no longer publishes the image.
      writes.common = {
        ids: changed,
        set: { is_public: publishing ? 1 : 0, publish_when_rated: 0 },
      };
      break;
    }
    case "delete": {
      for (const row of ready) accept(row, { title: row.title, isPublic: row.is_public === 1 });
      writes.deleting = changed;
      break;
    }
    case "reanalyse": {
      for (const row of ready) accept(row, { analysisStatus: row.analysis_status });
      writes.analyse = {
        ids: changed,
        kind: ANALYZE_JOB,
        maxAttempts: ANALYZE_MAX_ATTEMPTS,
        ...(requestId ? { requestId } : {}),
      };
      break;
    }
    case "set_edition": {
      writes.each = [];
      for (const row of ready) {
        const edition = editionChangeOf(row, {
          editionType: operation.editionType,
          priceCents: operation.priceCents,
          maxEditions: operation.maxEditions,
        });
        if (!edition.ok) {
          results.push({ id: row.id, ok: false, error: edition.error });
          continue;
        }
        accept(row, {
          editionType: row.edition_type,
          price: row.price_cents,
          maxEditions: row.max_editions,
        });
        writes.each.push({ id: row.id, set: edition.changes });
      }
      break;
    }
    case "add_tags":
    case "remove_tags": {
      writes.each = [];
      for (const row of ready) {
        const current = parseArray(row.tags);
        const next = tagsAfter(current, operation);
        if (!next.ok) {
          results.push({ id: row.id, ok: false, error: next.error });
          continue;
        }
        accept(row, { tags: current });
        // Marked as the admin's, so a later analysis keeps them (as a single edit does).
        const analysis = parseStoredObject(row.ai_analysis ?? "{}");
        const sources = (analysis.fieldSources as Record<string, string> | undefined) ?? {};
        writes.each.push({
          id: row.id,
          set: {
            tags: JSON.stringify(next.tags),
            ai_analysis: JSON.stringify({
              ...analysis,
              fieldSources: { ...sources, tags: "admin" },
            }),
          },
          tags: next.tags,
        });
      }
      break;
    }
  }

  results.sort((a, b) => a.id - b.id);
  const failed = results.filter((r) => !r.ok);
  if (changed.length > 0) {
    writes.audit = {
      actorId: admin.userId,
      action: `image.batch_${operation.type}`,
      subject: `image_batch:${randomUUID()}`,
      details: {
        operation,
        ids: changed,
        skipped: failed.map(({ id, error }) => ({ id, error })),
        before,
      },
    };
  }
  return {
    ...writes,
    result: {
      operation: operation.type,
      total: selected.ids.length,
      succeeded: changed.length,
      failed: failed.length,
      results,
    },
  };
}
