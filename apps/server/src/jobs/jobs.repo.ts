import { sql } from "kysely";
import type { Db } from "../db/database.js";
import type { DialectName } from "../db/dialect.js";
import type { JobRow } from "../db/schema.js";
import { type AuditEntryInput, newAuditRow } from "../modules/audit/audit.repo.js";
import { newJobRow } from "./new-job.js";

/**
 * How long a finished job (done, or failed for good) is kept: its payload names addresses typed
 * into "Forgot password?" and mail's recipients, so the janitor removes it after this long.
 */
export const FINISHED_JOBS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Finished jobs removed by one statement: each is short, so no sweep holds the database long. */
export const FINISHED_JOBS_PRUNE_BATCH = 500;

/** How a worker's failure reads when it has no handler for the job's kind (its `last_error`). */
export const NO_HANDLER_ERROR = "no handler for job kind";

/** A failed job queued again: due `now`, with all its attempts anew, held by no worker. */
const queuedAnew = (now: number) =>
  ({
    status: "pending",
    attempts: 0,
    outages: 0,
    run_at: now,
    lease_until: null,
    locked_by: null,
    updated_at: now,
  }) as const;

export class JobsRepo {
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Claims the next due job for this worker, atomically: a pending job whose time has come, or a
   * running one whose lease ran out (its worker died). PostgreSQL skips rows other workers hold;
   * SQLite runs one writer at a time, so the single UPDATE is atomic there too. Only jobs of
   * `kinds`, those this worker has handlers for: a job a newer release queued waits for a worker
   * of that release instead of failing for good in an older one during a rolling upgrade.
   */
  async claim(
    workerId: string,
    now: number,
    leaseMs: number,
    kinds: readonly string[],
  ): Promise<JobRow | undefined> {
    return this.db
      .updateTable("jobs")
      .set((eb) => ({
        status: "running",
        attempts: eb("attempts", "+", 1),
        lease_until: now + leaseMs,
        locked_by: workerId,
        updated_at: now,
      }))
      .where("id", "=", (eb) => {
        const next = eb
          .selectFrom("jobs")
          .select("id")
          .where((w) =>
            w.or([
              w.and([w("status", "=", "pending"), w("run_at", "<=", now)]),
              w.and([w("status", "=", "running"), w("lease_until", "<=", now)]),
            ]),
          )
          .where("kind", "in", kinds)
          .orderBy("run_at")
          .orderBy("id")
          .limit(1);
        return this.dialect === "postgres" ? next.forUpdate().skipLocked() : next;
      })
      .returningAll()
      .executeTakeFirst();
  }

  /** Marks the job done if this worker still holds it; false if its lease was taken over. */
  async complete(id: number, workerId: string, attempt: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("jobs")
      .set({ status: "done", lease_until: null, last_error: null, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", "running")
      .where("locked_by", "=", workerId)
      .where("attempts", "=", attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Whether the job is still queued at all (an image's deletion removes its jobs). */
  async exists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("jobs")
      .select("id")
      .where("id", "=", id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records a failure: back to pending at `retryAt`, or failed for good when retryAt is null.
   * An `outage` (what the job stands on out of reach) is counted apart from the job's own failures.
   */
  async fail(
    id: number,
    workerId: string,
    attempt: number,
    error: string,
    retryAt: number | null,
    now: number,
    outage = false,
  ): Promise<void> {
    await this.db
      .updateTable("jobs")
      .set((eb) => ({
        status: retryAt === null ? "failed" : "pending",
        ...(outage ? { outages: eb("outages", "+", 1) } : {}),
        run_at: retryAt ?? now,
        lease_until: null,
        locked_by: null,
        last_error: error.slice(0, 4000),
        updated_at: now,
      }))
      .where("id", "=", id)
      .where("locked_by", "=", workerId)
      .where("attempts", "=", attempt)
      .execute();
  }

  /** Keeps a long job's lease alive. */
  async extendLease(id: number, workerId: string, until: number): Promise<void> {
    await this.db
      .updateTable("jobs")
      .set({ lease_until: until })
      .where("id", "=", id)
      .where("locked_by", "=", workerId)
      .where("status", "=", "running")
      .execute();
  }

  /**
   * Hands a running job back to the queue, due now, if this worker still holds it (a stopping
   * process): the attempt is not counted, and another worker claims it without waiting for the
   * lease to run out.
   */
  async release(id: number, workerId: string, attempt: number, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable("jobs")
      .set((eb) => ({
        status: "pending",
        attempts: eb("attempts", "-", 1),
        run_at: now,
        lease_until: null,
        locked_by: null,
        updated_at: now,
      }))
      .where("id", "=", id)
      .where("status", "=", "running")
      .where("locked_by", "=", workerId)
      .where("attempts", "=", attempt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Waiting, running and failed jobs by kind, with the earliest time the waiting ones were due
   * (metrics). A running job whose worker's lease ran out by `now` is waiting again, due since
   * its lease ended: a worker killed mid-job leaves it `running` until another claims it, and the
   * admin dashboard counts it the same way (AdminStatsRepo.queue). Reads no done row, through the
   * (status, run_at) index.
   */
  async queueStats(
    now: number,
  ): Promise<Array<{ kind: string; status: string; count: number; earliestRunAt: number | null }>> {
    const rows = await this.db
      .selectFrom((db) =>
        db
          .selectFrom("jobs")
          .select([
            "kind",
            sql<string>`case when status = 'running' and lease_until <= ${now} then 'pending' else status end`.as(
              "state",
            ),
            sql<number>`case when status = 'running' then lease_until else run_at end`.as("due"),
          ])
          .where("status", "in", ["pending", "running", "failed"])
          .as("queue"),
      )
      .select((eb) => [
        "kind",
        "state",
        eb.fn.countAll<number | string>().as("count"),
        eb.fn.min("due").as("earliest_run_at"),
      ])
      .groupBy(["kind", "state"])
      .execute();
    return rows.map((row) => ({
      kind: row.kind,
      status: row.state,
      count: Number(row.count),
      earliestRunAt: row.earliest_run_at === null ? null : Number(row.earliest_run_at),
    }));
  }

  /**
   * Removes the jobs finished (done, or failed for good) before `before`, a batch a statement,
   * and returns how many went. A finished job's `run_at` is never after its finish, so the
   * (status, run_at) index finds them.
   */
  async pruneFinished(before: number, batch = FINISHED_JOBS_PRUNE_BATCH): Promise<number> {
    let removed = 0;
    for (;;) {
      const result = await this.db
        .deleteFrom("jobs")
        .where("id", "in", (eb) =>
          eb
            .selectFrom("jobs")
            .select("id")
            .where("status", "in", ["done", "failed"])
            .where("run_at", "<", before)
            .where("updated_at", "<", before)
            .limit(batch),
        )
        .executeTakeFirst();
      const count = Number(result.numDeletedRows);
      removed += count;
      if (count < batch) return removed;
    }
  }

  /**
   * Queues every job that failed for good again, due now and with all its attempts anew (an
   * admin fixed the cause), and writes the audit entry, in one transaction: one statement moves
   * them, so two admins pressing at once retry each job once. Returns how many of each kind.
   */
  async retryFailed(
    now: number,
    auditOf: (byKind: Record<string, number>) => AuditEntryInput,
  ): Promise<Record<string, number>> {
    return this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable("jobs")
        .set(queuedAnew(now))
        .where("status", "=", "failed")
        .returning("kind")
        .execute();
      const byKind: Record<string, number> = {};
      for (const { kind } of moved) byKind[kind] = (byKind[kind] ?? 0) + 1;
      if (moved.length > 0) {
        await trx
          .insertInto("audit_log")
          .values(newAuditRow(auditOf(byKind), now))
          .execute();
      }
      return byKind;
    });
  }

  /**
   * Queues again, with all their attempts anew, the jobs of `kinds` that a worker failed for good
   * because it had no handler for their kind: a worker of an older release, running beside this
   * one in a rolling upgrade, took a job this release queued (round 47: migration 0036's
   * `make-thumbs`, so no image got its thumb). Returns how many.
   */
  async requeueUnhandled(kinds: readonly string[], now: number): Promise<number> {
    const result = await this.db
      .updateTable("jobs")
      .set({ ...queuedAnew(now), last_error: null })
      .where("status", "=", "failed")
      .where("kind", "in", kinds)
      .where("last_error", "like", `${NO_HANDLER_ERROR}%`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  findByImage(imageId: number): Promise<JobRow[]> {
    return this.db.selectFrom("jobs").selectAll().where("image_id", "=", imageId).execute();
  }

  /** Queues a job of this kind now: an image's (an admin's "analyse again") or the site's. */
  async enqueue(
    kind: string,
    imageId: number | null,
    payload: unknown,
    maxAttempts: number,
    now: number,
  ) {
    await this.db
      .insertInto("jobs")
      .values(newJobRow(kind, imageId, payload, maxAttempts, now))
      .execute();
  }
}
