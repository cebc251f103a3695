import {
  type Image,
  type ImagePatchBody,
  type LicenceDefaults,
  MESSAGES,
  type Member,
  normalizeStyle,
  unique,
} from "@sawdust/shared";
import type { FastifyBaseLogger } from "fastify";
import type { ImageRow } from "../../db/schema.js";
import type { EventBus } from "../../events/event-bus.js";
import type { Clock } from "../../lib/clock.js";
import { badRequest, conflict, notFound, preconditionFailed } from "../../lib/errors.js";
import { type Serialised, unordered } from "../../lib/serialised.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import { ifMatchAllows } from "../../lib/version-tag.js";
import type { MediaStore } from "../../media/media-store.js";
import {
  type EditionRequest,
  editionChangeOf,
  isHeldByTheRater,
  normalizeTags,
} from "./admin-images.rules.js";
import { imageVersion } from "./image-version.js";
import { ANALYZE_JOB, ANALYZE_MAX_ATTEMPTS, IMAGE_MESSAGES } from "./images.constants.js";
import { parseArray, presentImage } from "./images.presenter.js";
import type { ImagesRepo, ImageUpdate } from "./images.repo.js";

/**
 * An admin's changes to one image: its words and edition, its visibility, a new analysis, its
 * deletion. Each writes its audit entry (what it was, what it became) in its own transaction and
 * is announced on the event bus once committed. Callers check that the principal is an admin (the
 * routes do, with `adminViewerOf`).
 */
export class ImageEditsService {
  constructor(
    private readonly deps: {
      images: ImagesRepo;
      media: MediaStore;
      clock: Clock;
      /** The site settings' licence prices, for pieces with none of their own (issue 19). */
      licenceDefaults?: () => Promise<LicenceDefaults>;
      events: EventBus;
      /** Called after a job was committed, so an idle worker in this process starts at once. */
      onJobQueued?: () => void;
      /**
       * One write of an image's analysis at a time: two admins editing different fields at once,
       * or an edit and the analysis job, each read what the other wrote (which fields are the
       * admin's is kept in the analysis).
       */
      serialised?: Serialised;
      /** Where a deletion whose files could not be removed yet is told (the janitor's to finish). */
      log?: Pick<FastifyBaseLogger, "warn">;
    },
  ) {}

  /**
   * Changes the fields sent (only those), read and written under the image's lock. `audited`
   * false is for the demo catalogue, whose seeding writes one entry of its own.
   */
  async update(
    id: number,
    body: ImagePatchBody,
    admin: Member,
    options: { audited?: boolean } = {},
  ): Promise<Image> {
    return (await this.edit(id, body, admin, options)).image;
  }

  /**
   * As `update`, and the image's version after it (its ETag). `ifMatch` (the request's
   * `If-Match`) names the version the admin's form was made from: when the image's editable
   * fields changed since (another admin's save, a batch, an analysis run), nothing is written
   * (412). The write applies only to the image as it was read, in the statement itself: a write
   * by another request or process in between is never undone.
   */
  edit(
    id: number,
    body: ImagePatchBody,
    admin: Member,
    options: { audited?: boolean; ifMatch?: string } = {},
  ): Promise<{ image: Image; version: string }> {
    return (this.deps.serialised ?? unordered)(`image:${id}`, async () => {
      for (let attempt = 1; ; attempt++) {
        const written = await this.editOnce(id, body, admin, options.audited !== false, {
          ifMatch: options.ifMatch,
          lastAttempt: attempt >= EDIT_ATTEMPTS,
        });
        if (written) return written;
      }
    });
  }

  /** One attempt of `edit`; undefined when the image changed between its read and its write. */
  private async editOnce(
    id: number,
    body: ImagePatchBody,
    admin: Member,
    audited: boolean,
    attempt: { ifMatch: string | undefined; lastAttempt: boolean },
  ): Promise<{ image: Image; version: string } | undefined> {
    const row = await this.row(id);
    if (!ifMatchAllows(attempt.ifMatch, imageVersion(row))) {
      throw preconditionFailed(MESSAGES.adminImages.changedElsewhere, "changed_elsewhere");
    }
    const analysis = parseStoredObject(row.ai_analysis);
    const sources = { ...((analysis.fieldSources as Record<string, string> | undefined) ?? {}) };
    const changes: Parameters<ImagesRepo["update"]>[1] = {};
    const facets: Parameters<ImagesRepo["update"]>[2] = {};

    if (body.aiAnalysis) {
      const { title, description, ...rest } = body.aiAnalysis;
      if (title !== undefined && title !== row.title) {
        changes.title = title?.trim() || null;
        sources.title = "admin";
      }
      if (description !== undefined && description !== row.description) {
        changes.description = description?.trim() || null;
        sources.description = "admin";
      }
      const { fieldSources: _ignored, ...kept } = rest as Record<string, unknown>;
      Object.assign(analysis, kept);
    }
    if (body.tags) {
      const tags = normalizeTags(body.tags);
      changes.tags = JSON.stringify(tags);
      facets.tag = tags;
      sources.tags = "admin";
    }
    if (body.style !== undefined) {
      const styles = unique((body.style ?? "").split(",").map(normalizeStyle).filter(Boolean));
      changes.style = styles.length > 0 ? styles.join(", ") : null;
      facets.style = styles;
      sources.style = "admin";
    }
    const editionAsked = {
      editionType: body.editionType,
      priceCents: body.price,
      maxEditions: body.maxEditions,
    };
    const edition = editionChangeOf(await this.withEditionFloor(row, editionAsked), editionAsked);
    if (!edition.ok) throw badRequest(edition.error, edition.code);
    Object.assign(changes, edition.changes);
    changes.ai_analysis = JSON.stringify({ ...analysis, fieldSources: sources });

    // A save that changes no field the log follows (the form sent what was stored) is no entry:
    // "before {} after {}" told an admin nothing (round 59c).
    const details = beforeAndAfter(row, changes);
    const updated = await this.deps.images.update(
      id,
      changes,
      facets,
      this.deps.clock.now(),
      audited && Object.keys(details.before).length > 0
        ? { actorId: admin.userId, action: "image.updated", subject: `image:${id}`, details }
        : undefined,
      row,
    );
    if (!updated) {
      // Gone meanwhile (404), changed meanwhile (read again: 412 when its version moved on), or
      // sold past the new edition's bounds since it was read.
      const latest = await this.row(id);
      if (changedSince(row, latest)) {
        if (attempt.lastAttempt) {
          throw conflict(MESSAGES.adminImages.changedElsewhere, "changed_elsewhere");
        }
        return undefined;
      }
      const now = await this.withEditionFloor(latest, editionAsked);
      const again = editionChangeOf(now, editionAsked);
      throw again.ok
        ? badRequest(
            MESSAGES.adminImages.maxEditionsBelowSold(now.sold_editions),
            "bad_edition_size",
          )
        : badRequest(again.error, again.code);
    }
    await this.deps.events.emit({ type: "image.updated", imageId: id });
    const saved = await this.row(id);
    return { image: await this.present(id, admin, saved), version: imageVersion(saved) };
  }

  async setVisibility(id: number, isPublic: boolean, admin: Member): Promise<Image> {
    const row = await this.row(id);
    // Published by an admin, a flagged or unrated image is approved: it leaves the moderation
    // queue (members' reports stay open there).
    const approving = isPublic && isHeldByTheRater(row.moderation);
    // Already so, and no rating left to publish it: nothing to change, record or announce.
    if ((row.is_public === 1) === isPublic && row.publish_when_rated === 0 && !approving) {
      return this.present(id, admin);
    }
    // An admin's choice stands: a later rating no longer publishes the image.
    await this.deps.images.update(
      id,
      {
        is_public: isPublic ? 1 : 0,
        publish_when_rated: 0,
        ...(approving ? { moderation: null, moderation_reason: null } : {}),
      },
      {},
      this.deps.clock.now(),
      {
        actorId: admin.userId,
        action: "image.visibility_changed",
        subject: `image:${id}`,
        details: {
          before: {
            isPublic: row.is_public === 1,
            ...(approving && { moderation: row.moderation }),
          },
          after: { isPublic, ...(approving && { moderation: null }) },
        },
      },
    );
    await this.deps.events.emit({ type: isPublic ? "image.shown" : "image.hidden", imageId: id });
    return this.present(id, admin);
  }

  /** Queues the image's analysis again (an admin's "analyse again"); edited fields stay. */
  async requestAnalysis(id: number, admin: Member, requestId?: string): Promise<Image> {
    const row = await this.row(id);
    await this.deps.images.queueAnalysis(
      id,
      ANALYZE_JOB,
      ANALYZE_MAX_ATTEMPTS,
      this.deps.clock.now(),
      requestId,
      {
        actorId: admin.userId,
        action: "image.analysis_requested",
        subject: `image:${id}`,
        details: {
          before: { analysisStatus: row.analysis_status },
          after: { analysisStatus: "pending" },
        },
      },
    );
    this.deps.onJobQueued?.();
    return this.present(id, admin);
  }

  /**
   * Removes the image, its files, renditions, facets, jobs and collection entries. `admin` is who
   * asked (the audit entry's actor; none for the system). Once the deletion is committed it has
   * happened: a storage that fails to remove the files now leaves them, and the row marked
   * deleting (invisible already), to the janitor, and the deletion is still answered as done.
   */
  async delete(id: number, admin?: Member): Promise<void> {
    const row = await this.row(id);
    const marked = await this.deps.images.markDeleting(id, this.deps.clock.now(), {
      actorId: admin?.userId ?? null,
      action: "image.deleted",
      subject: `image:${id}`,
      details: { before: auditedFields(row), after: null },
    });
    // Deleted by another request since it was read: one deletion, as one after the other would be.
    if (!marked) throw notFound(IMAGE_MESSAGES.notFound);
    await this.deps.events.emit({ type: "image.deleted", imageId: id });
    try {
      await this.deps.media.removeImage(id);
      await this.deps.images.deleteById(id);
    } catch (error) {
      this.deps.log?.warn(
        { err: error, imageId: id },
        "image deleted, but its files could not be removed yet: the janitor will remove them",
      );
    }
  }

  /** The row with its edition's floor (holds, numbers sold), when its size may change. */
  private async withEditionFloor<Row extends { id: number }>(row: Row, asked: EditionRequest) {
    if (asked.editionType === undefined && asked.maxEditions === undefined) return row;
    return { ...row, floor: await this.deps.images.editionFloor(row.id, this.deps.clock.now()) };
  }

  private async row(id: number) {
    const row = await this.deps.images.findReadyById(id);
    if (!row) throw notFound(IMAGE_MESSAGES.notFound);
    return row;
  }

  private async present(id: number, admin: Member, read?: ImageRow): Promise<Image> {
    const row = read ?? (await this.row(id));
    const renditions = await this.deps.images.findRenditions([id]);
    return presentImage(row, renditions, admin, this.deps.media, this.deps.clock.now(), {
      licenceDefaults: await this.deps.licenceDefaults?.(),
    });
  }
}

/** How many times an edit reads the image again when it changed between the read and the write. */
const EDIT_ATTEMPTS = 3;

/** Whether the image's editable fields or analysis differ between two reads of it. */
function changedSince(before: ImageRow, after: ImageRow): boolean {
  return imageVersion(before) !== imageVersion(after) || before.ai_analysis !== after.ai_analysis;
}

/** The fields an admin edits, as the audit log records them. */
function auditedFields(row: Pick<ImageRow, AuditedColumn>): Record<string, unknown> {
  return {
    title: row.title,
    description: row.description,
    tags: parseArray(row.tags),
    style: row.style,
    isPublic: row.is_public === 1,
    editionType: row.edition_type,
    price: row.price_cents,
    maxEditions: row.max_editions,
  };
}

type AuditedColumn =
  | "title"
  | "description"
  | "tags"
  | "style"
  | "is_public"
  | "edition_type"
  | "price_cents"
  | "max_editions";

/** An edit's audit details: each edited field as it was and as it became (changed ones only). */
function beforeAndAfter(row: ImageRow, changes: ImageUpdate) {
  const before = auditedFields(row);
  const after = auditedFields({ ...row, ...changes } as ImageRow);
  const changed = Object.keys(before).filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
  };
}
