import { MODERATION_KINDS } from "@sawdust/shared";
import { sql } from "kysely";
import type { Db } from "../../db/database.js";
import { type DialectName, testedPerRow } from "../../db/dialect.js";
import type { ImageReportRow } from "../../db/schema.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";

/** What the queue shows of an image (the columns it reads). */
export interface QueuedImageRow {
  id: number;
  title: string | null;
  width: number;
  height: number;
  thumbhash: string | null;
  is_public: number;
  edition_type: string;
  created_at: number;
  moderation: string;
  moderation_reason: string | null;
}

export interface NewReport {
  imageId: number;
  userId: number;
  reason: string;
  note: string | null;
  /** What the image's moderation reason says when this report puts it in the queue. */
  moderationReason: string;
  now: number;
}

export interface ReportNoteRow {
  image_id: number;
  reason: string;
  note: string;
  username: string;
  created_at: number;
}

const QUEUED_COLUMNS = [
  "id",
  "title",
  "width",
  "height",
  "thumbhash",
  "is_public",
  "edition_type",
  "created_at",
  "moderation",
  "moderation_reason",
] as const;

/** Members' reports (`image_reports`) and the moderation state of images (`images.moderation`). */
export class ModerationRepo {
  /** `status`, tested on each row on SQLite: the queue is walked from the moderation index. */
  private readonly status;

  constructor(
    private readonly db: Db,
    dialect: DialectName,
  ) {
    this.status = testedPerRow(dialect, "status");
  }

  /**
   * Stores a member's report and puts the image in the queue as 'reported' unless it is there
   * already (flagged, unrated or reported), in one transaction. The unique (image, member) pair
   * makes a second report, however many arrive at once, insert nothing: undefined then.
   */
  async insertReport(report: NewReport): Promise<ImageReportRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("image_reports")
        .values({
          image_id: report.imageId,
          user_id: report.userId,
          reason: report.reason,
          note: report.note,
          created_at: report.now,
        })
        .onConflict((oc) => oc.columns(["image_id", "user_id"]).doNothing())
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx
        .updateTable("images")
        .set({ moderation: "reported", moderation_reason: report.moderationReason })
        .where("id", "=", report.imageId)
        .where("moderation", "is", null)
        .execute();
      return row;
    });
  }

  /** A page of the queue, newest image first, after the cursor id (exclusive). */
  findQueuePage(kinds: readonly string[], beforeId: number | undefined, limit: number) {
    let query = this.db
      .selectFrom("images")
      .select(QUEUED_COLUMNS)
      .where(this.status, "=", "ready")
      .where("moderation", "in", [...kinds])
      .orderBy("id", "desc")
      .limit(limit);
    if (beforeId !== undefined) query = query.where("id", "<", beforeId);
    return query.execute() as Promise<QueuedImageRow[]>;
  }

  /** How many images wait for each reason. */
  async countQueue(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom("images")
      .select(["moderation", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where(this.status, "=", "ready")
      .where("moderation", "in", [...MODERATION_KINDS])
      .groupBy("moderation")
      .execute();
    return Object.fromEntries(rows.map((row) => [row.moderation, Number(row.n)]));
  }

  /** The queued images among these ids, as they are now. */
  findQueued(imageIds: number[]): Promise<QueuedImageRow[]> {
    if (imageIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("images")
      .select(QUEUED_COLUMNS)
      .where("status", "=", "ready")
      .where("moderation", "is not", null)
      .where("id", "in", imageIds)
      .execute() as Promise<QueuedImageRow[]>;
  }

  /** Open reports of these images, counted by image and reason. */
  async countOpenReports(
    imageIds: number[],
  ): Promise<Array<{ imageId: number; reason: string; count: number }>> {
    if (imageIds.length === 0) return [];
    const rows = await this.db
      .selectFrom("image_reports")
      .select(["image_id", "reason", (eb) => eb.fn.countAll<number | string>().as("n")])
      .where("image_id", "in", imageIds)
      .where("resolved_at", "is", null)
      .groupBy(["image_id", "reason"])
      .execute();
    return rows.map((row) => ({ imageId: row.image_id, reason: row.reason, count: Number(row.n) }));
  }

  /** The newest open reports with a note, at most `perImage` an image, with the reporter's name. */
  async findRecentNotes(imageIds: number[], perImage: number): Promise<ReportNoteRow[]> {
    if (imageIds.length === 0) return [];
    const ranked = this.db
      .selectFrom("image_reports as r")
      .innerJoin("users as u", "u.id", "r.user_id")
      .select([
        "r.image_id",
        "r.reason",
        "r.note",
        "u.username",
        "r.created_at",
        sql<number>`row_number() over (partition by r.image_id order by r.created_at desc, r.id desc)`.as(
          "rank",
        ),
      ])
      .where("r.image_id", "in", imageIds)
      .where("r.resolved_at", "is", null)
      .where("r.note", "is not", null)
      .as("ranked");
    const rows = await this.db
      .selectFrom(ranked)
      .select(["image_id", "reason", "note", "username", "created_at"])
      .where("rank", "<=", perImage)
      .orderBy("image_id", "desc")
      .orderBy("created_at", "desc")
      .execute();
    return rows as ReportNoteRow[];
  }

  /**
   * Takes an image out of the queue after an admin's decision: clears its moderation state,
   * resolves its open reports and writes the audit entry, in one transaction that holds the
   * image's row first (as a report's transaction does), so a report arriving meanwhile is either
   * resolved here or puts the image back in the queue after. Returns the reports resolved.
   */
  async resolve(
    imageId: number,
    resolution: string,
    actorId: number,
    now: number,
    auditOf: (reportsResolved: number) => AuditEntryInput,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable("images")
        .set({ moderation: null, moderation_reason: null, updated_at: now })
        .where("id", "=", imageId)
        .execute();
      const resolved = await trx
        .updateTable("image_reports")
        .set({ resolved_at: now, resolved_by: actorId, resolution })
        .where("image_id", "=", imageId)
        .where("resolved_at", "is", null)
        .executeTakeFirst();
      const reportsResolved = Number(resolved.numUpdatedRows);
      await trx
        .insertInto("audit_log")
        .values(newAuditRow(auditOf(reportsResolved), now))
        .execute();
      return reportsResolved;
    });
  }
}
