import {
  canViewImage,
  type ImageReport,
  type ImageReportBody,
  isAdmin,
  MESSAGES,
  type Member,
  MODERATION_KINDS,
  MODERATION_RULES,
  type ModerationDecision,
  type ModerationDecisionResult,
  type ModerationItem,
  type ModerationKind,
  type ModerationQueue,
  type ModerationQueueQuery,
  REPORT_REASON_LABELS,
  type ReportReason,
} from "@sawdust/shared";
import type { Clock } from "../../lib/clock.js";
import { AppError, conflict, forbidden, notFound } from "../../lib/errors.js";
import { type Serialised, unordered } from "../../lib/serialised.js";
import type { MediaStore } from "../../media/media-store.js";
import type { AuditService } from "../audit/audit.service.js";
import type { ImageEditsService } from "../images/image-edits.service.js";
import { IMAGE_MESSAGES } from "../images/images.constants.js";
import type { ImagesRepo } from "../images/images.repo.js";
import type { ModerationRepo, QueuedImageRow } from "./moderation.repo.js";

type Outcome = ModerationDecisionResult["results"][number];

/** What each decision does to the image's visibility, and how its reports are resolved. */
const DECISIONS = {
  approve: { publish: true, outcome: "approved", action: "moderation.approved" },
  keep_private: { publish: false, outcome: "kept_private", action: "moderation.kept_private" },
} as const;

/**
 * Moderation (issue 15, beyond the spec): members report an image once each; the queue holds
 * the images the content rater flagged or could not rate and those members reported; an admin
 * approves (publishes), keeps private or deletes them, one at a time or many. A report never
 * hides an image by itself (MODERATION_RULES). Visibility changes and deletions go through the
 * image edits service, which announces them; this service keeps the queue and the reports.
 */
export class ModerationService {
  constructor(
    private readonly deps: {
      moderation: ModerationRepo;
      images: ImagesRepo;
      edits: ImageEditsService;
      audit: AuditService;
      media: MediaStore;
      clock: Clock;
      /** One decision about an image at a time, so a second admin's finds it decided. */
      serialised?: Serialised;
    },
  ) {}

  /** A member's report of an image they can see; a second one of the same image is a 409. */
  async report(imageId: number, body: ImageReportBody, member: Member): Promise<ImageReport> {
    const row = await this.deps.images.findReadyById(imageId);
    if (!row || !canViewImage(member, { isPublic: row.is_public === 1 })) {
      throw notFound(IMAGE_MESSAGES.notFound);
    }
    const reason = body.reason as ReportReason;
    const stored = await this.deps.moderation.insertReport({
      imageId,
      userId: member.userId,
      reason,
      note: body.note ?? null,
      moderationReason: `Reported: ${REPORT_REASON_LABELS[reason]}`,
      now: this.deps.clock.now(),
    });
    if (!stored) throw conflict(MESSAGES.moderation.alreadyReported, "already_reported");
    return {
      imageId,
      reason,
      note: stored.note,
      createdAt: new Date(stored.created_at).toISOString(),
    };
  }

  /** A page of the queue (newest image first) with each image's reports, and the queue's sizes. */
  async queue(query: ModerationQueueQuery, admin: Member): Promise<ModerationQueue> {
    assertAdmin(admin);
    const { kind, limit } = query;
    const kinds = kind === "all" ? MODERATION_KINDS : [kind];
    const [rows, counted] = await Promise.all([
      this.deps.moderation.findQueuePage(kinds, query.cursor, limit + 1),
      this.deps.moderation.countQueue(),
    ]);
    const page = rows.slice(0, limit);
    const ids = page.map((row) => row.id);
    const [renditions, reasons, notes] = await Promise.all([
      this.deps.images.findRenditions(ids),
      this.deps.moderation.countOpenReports(ids),
      this.deps.moderation.findRecentNotes(ids, MODERATION_RULES.notesShown),
    ]);
    const items = page.map((row): ModerationItem => {
      const urlOf = (size: string) => {
        const rendition = renditions.find((r) => r.image_id === row.id && r.size === size);
        return rendition ? this.deps.media.publicUrl(rendition.storage_key) : "";
      };
      const byReason = reasons
        .filter((r) => r.imageId === row.id)
        .map((r) => ({ reason: r.reason as ReportReason, count: r.count }))
        .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
      return {
        imageId: row.id,
        title: row.title,
        urlSmall: urlOf("small"),
        urlMedium: urlOf("medium"),
        width: row.width,
        height: row.height,
        thumbhash: row.thumbhash,
        isPublic: row.is_public === 1,
        editionType: row.edition_type,
        createdAt: new Date(row.created_at).toISOString(),
        moderation: row.moderation as ModerationKind,
        moderationReason: row.moderation_reason,
        reports: {
          open: byReason.reduce((sum, r) => sum + r.count, 0),
          reasons: byReason,
          notes: notes
            .filter((n) => n.image_id === row.id)
            .map((n) => ({
              reason: n.reason as ReportReason,
              note: n.note,
              reporter: n.username,
              createdAt: new Date(n.created_at).toISOString(),
            })),
        },
      };
    });
    const counts = {
      flagged: counted.flagged ?? 0,
      unrated: counted.unrated ?? 0,
      reported: counted.reported ?? 0,
    };
    return {
      items,
      nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      counts: { all: counts.flagged + counts.unrated + counts.reported, ...counts },
    };
  }

  /**
   * One decision for each of these images, in turn; each image's outcome is reported. An image
   * no longer in the queue (another admin decided first, or it never was) is skipped as it is.
   */
  async decide(
    imageIds: number[],
    decision: ModerationDecision,
    admin: Member,
  ): Promise<ModerationDecisionResult> {
    assertAdmin(admin);
    const alone = this.deps.serialised ?? unordered;
    const results: Outcome[] = [];
    for (const imageId of imageIds) {
      try {
        // Read under the image's lock: two admins deciding at once, the second finds it decided.
        results.push(
          await alone(`moderation:image:${imageId}`, async (): Promise<Outcome> => {
            const [row] = await this.deps.moderation.findQueued([imageId]);
            if (!row)
              return { imageId, outcome: "skipped", message: "Not in the moderation queue" };
            return decision === "delete"
              ? this.delete(row, admin)
              : this.settle(row, decision, admin);
          }),
        );
      } catch (error) {
        // Gone meanwhile (deleted by someone else): nothing left to decide.
        if (error instanceof AppError && error.status === 404) {
          results.push({ imageId, outcome: "skipped", message: "The image no longer exists" });
          continue;
        }
        throw error;
      }
    }
    return { results };
  }

  /**
   * Approve or keep private: the visibility first (through the image edits service, which
   * announces it), then the queue entry, its reports and the audit entry in one transaction. A
   * crash between the two leaves the image in the queue with its new visibility: deciding again
   * finishes it.
   */
  private async settle(
    row: QueuedImageRow,
    decision: keyof typeof DECISIONS,
    admin: Member,
  ): Promise<Outcome> {
    const rule = DECISIONS[decision];
    await this.deps.edits.setVisibility(row.id, rule.publish, admin);
    await this.deps.moderation.resolve(
      row.id,
      rule.outcome,
      admin.userId,
      this.deps.clock.now(),
      (reportsResolved) => ({
        actorId: admin.userId,
        action: rule.action,
        subject: `image:${row.id}`,
        details: {
          before: before(row),
          after: { isPublic: rule.publish, moderation: null },
          reportsResolved,
        },
      }),
    );
    return { imageId: row.id, outcome: rule.outcome };
  }

  /** Deletes the image (files, renditions, reports and all) and records who did, and why. */
  private async delete(row: QueuedImageRow, admin: Member): Promise<Outcome> {
    const reports = await this.deps.moderation.countOpenReports([row.id]);
    await this.deps.edits.delete(row.id, admin);
    await this.deps.audit.record(admin.userId, "moderation.deleted", `image:${row.id}`, {
      before: {
        ...before(row),
        title: row.title,
        openReports: reports.reduce((sum, r) => sum + r.count, 0),
      },
      after: null,
    });
    return { imageId: row.id, outcome: "deleted" };
  }
}

function before(row: QueuedImageRow) {
  return {
    isPublic: row.is_public === 1,
    moderation: row.moderation,
    moderationReason: row.moderation_reason,
  };
}

function assertAdmin(principal: Member): void {
  if (!isAdmin(principal)) throw forbidden(MESSAGES.auth.adminOnly);
}
