import { sql, type Transaction } from "kysely";
import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import type { Database, ImageRow } from "../../db/schema.js";
import { newJobRow } from "../../jobs/new-job.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";
import { keepingFacetCounts } from "./facet-counts.repo.js";
import { type EditionFloor, editionFloors } from "./held-editions.js";
import { analysisJobPayload } from "./images.constants.js";
import { type ImageFilter, ImagesRepo, type ImageUpdate, withListAnalysis } from "./images.repo.js";

/** Which images a batch names: these ids, or every ready image a filter matches. */
export type BatchSelection = { ids: number[] } | { filter: ImageFilter };

/** What a batch's rules see of each selected image (locked until the batch commits). */
export type BatchRow = Pick<
  ImageRow,
  | "id"
  | "title"
  | "tags"
  | "style"
  | "is_public"
  | "edition_type"
  | "price_cents"
  | "max_editions"
  | "sold_editions"
  | "analysis_status"
  | "moderation"
> & {
  /** What its edition may not shrink under besides its sold count (`withEditionFloors`). */
  floor?: EditionFloor;
  /** Only when the batch asked for it (`withAnalysis`): it may weigh kilobytes an image. */
  ai_analysis?: string;
};

/** The ids a selection named (distinct, smallest first) and how many images it matched. */
export interface Selected {
  ids: number[];
  /** A filter's full match count when it matched more than the batch takes; else ids.length. */
  matched: number;
}

/** What a batch writes, decided by its rules from the locked rows. */
export interface BatchWrites<Result> {
  /** The same columns set on each of these images. */
  common?: { ids: number[]; set: ImageUpdate };
  /** Columns set image by image; `tags` replaces the image's tag facets. */
  each?: Array<{ id: number; set: ImageUpdate; tags?: string[] }>;
  /** Images whose deletion starts: invisible at once, their files removed after the commit. */
  deleting?: number[];
  /** Images whose analysis is queued again. */
  analyse?: { ids: number[]; kind: string; maxAttempts: number; requestId?: string };
  /** Written with the changes; none when nothing changed. */
  audit?: AuditEntryInput;
  /** What the caller gets back once it all committed. */
  result: Result;
}

/** Rows a multi-row insert takes at once (well inside either database's parameter limit). */
const INSERT_CHUNK = 500;

/** The admin's batch operations on images: one transaction for the whole selection. */
export class AdminImagesRepo {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Runs a batch in one transaction: resolves the selection (a filter resolves to at most
   * `limit + 1` ids), locks the selected images, lets `decide` choose each image's change from
   * them (it may throw, and nothing is written), then writes the changes and the audit entry.
   * Either every write commits or none does.
   */
  async applyBatch<Result>(
    selection: BatchSelection,
    options: { limit: number; withAnalysis: boolean; withEditionFloors?: boolean; now: number },
    decide: (rows: BatchRow[], selected: Selected) => BatchWrites<Result>,
  ): Promise<Result> {
    const { limit, now } = options;
    return this.db.transaction().execute(async (trx) => {
      // SQLite: take the database's write lock before reading anything, so no other process
      // (a worker, a second server on the same file) writes between these reads and the writes.
      // PostgreSQL locks the selected rows instead (lockRows).
      if (this.dialect === "sqlite") {
        await sql`update images set updated_at = updated_at where 0`.execute(trx);
      }
      const selected = await this.select(trx, selection, limit);
      const rows =
        selected.matched > limit || selected.ids.length === 0
          ? []
          : await this.lockRows(trx, selected.ids, options.withAnalysis);
      // In a statement of its own, after the locks (a hold is placed under the image's lock).
      if (options.withEditionFloors) {
        const floors = await editionFloors(trx, selected.ids, now);
        for (const row of rows) row.floor = floors.get(row.id);
      }
      const writes = decide(rows, selected);
      // Visibility, edition types, tags and deletions move the kept counts.
      const changed = [
        ...(writes.common?.ids ?? []),
        ...(writes.each ?? []).map((change) => change.id),
        ...(writes.deleting ?? []),
      ];
      await keepingFacetCounts(trx, this.dialect, changed, () => this.write(trx, writes, now));
      return writes.result;
    });
  }

  /** Finishes deletions a batch started: the rows go (their files were removed first). */
  async deleteDeleting(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .deleteFrom("images")
      .where("id", "in", ids)
      .where("status", "=", "deleting")
      .execute();
  }

  private async select(
    trx: Transaction<Database>,
    selection: BatchSelection,
    limit: number,
  ): Promise<Selected> {
    if ("ids" in selection) {
      const ids = [...new Set(selection.ids)].sort((a, b) => a - b);
      return { ids, matched: ids.length };
    }
    const images = new ImagesRepo(trx, this.dialect);
    const ids = await images.findIdsMatching(selection.filter, limit + 1);
    const matched = ids.length > limit ? await images.count(selection.filter) : ids.length;
    return { ids, matched };
  }

  /** The selected images that are ready, locked (PostgreSQL: in id order, so batches never deadlock). */
  private lockRows(
    trx: Transaction<Database>,
    ids: number[],
    withAnalysis: boolean,
  ): Promise<BatchRow[]> {
    let query = trx
      .selectFrom("images")
      .select([
        "id",
        "title",
        "tags",
        "style",
        "is_public",
        "edition_type",
        "price_cents",
        "max_editions",
        "sold_editions",
        "analysis_status",
        "moderation",
      ])
      .$if(withAnalysis, (q) => q.select("ai_analysis"))
      .where("id", "in", ids)
      .where("status", "=", "ready")
      .orderBy("id");
    if (this.dialect === "postgres") query = query.forUpdate();
    return query.execute();
  }

  private async write<Result>(
    trx: Transaction<Database>,
    writes: BatchWrites<Result>,
    now: number,
  ): Promise<void> {
    const { common, each, deleting, analyse, audit } = writes;
    if (common && common.ids.length > 0) {
      await trx
        .updateTable("images")
        .set({ ...withListAnalysis(common.set), updated_at: now })
        .where("id", "in", common.ids)
        .execute();
    }
    for (const change of each ?? []) {
      await trx
        .updateTable("images")
        .set({ ...withListAnalysis(change.set), updated_at: now })
        .where("id", "=", change.id)
        .execute();
    }
    const retagged = (each ?? []).filter((change) => change.tags !== undefined);
    if (retagged.length > 0) {
      await trx
        .deleteFrom("image_facets")
        .where("kind", "=", "tag")
        .where(
          "image_id",
          "in",
          retagged.map((change) => change.id),
        )
        .execute();
      const facets = retagged.flatMap((change) =>
        [...new Set(change.tags)].map((value) => ({ image_id: change.id, kind: "tag", value })),
      );
      for (let i = 0; i < facets.length; i += INSERT_CHUNK) {
        await trx
          .insertInto("image_facets")
          .values(facets.slice(i, i + INSERT_CHUNK))
          .execute();
      }
    }
    if (deleting && deleting.length > 0) {
      // The janitor finishes a deletion whose process died before removing the files.
      await trx
        .updateTable("images")
        .set({ status: "deleting", processing_expires_at: now, updated_at: now })
        .where("id", "in", deleting)
        .execute();
    }
    if (analyse && analyse.ids.length > 0) {
      await trx
        .updateTable("images")
        .set({ analysis_status: "pending", updated_at: now })
        .where("id", "in", analyse.ids)
        .execute();
      const jobs = analyse.ids.map((id) =>
        newJobRow(
          analyse.kind,
          id,
          analysisJobPayload(id, analyse.requestId),
          analyse.maxAttempts,
          now,
        ),
      );
      for (let i = 0; i < jobs.length; i += INSERT_CHUNK) {
        await trx
          .insertInto("jobs")
          .values(jobs.slice(i, i + INSERT_CHUNK))
          .execute();
      }
    }
    // Last: the entry says what the batch did, once all of it is written.
    if (audit) await trx.insertInto("audit_log").values(newAuditRow(audit, now)).execute();
  }
}
