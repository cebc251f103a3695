import type { Db } from "../db/database.js";
import type { WorkerHeartbeatRow } from "../db/schema.js";

/** The job workers' heartbeats: one row per running worker (worker_heartbeats, migration 0010). */
export class WorkerHeartbeatsRepo {
  constructor(private readonly db: Db) {}

  /** Writes this worker's row as it is now: made at its first beat, refreshed by each one after. */
  async beat(row: WorkerHeartbeatRow): Promise<void> {
    const { worker_id: _id, started_at: _started, ...changes } = row;
    await this.db
      .insertInto("worker_heartbeats")
      .values(row)
      .onConflict((oc) => oc.column("worker_id").doUpdateSet(changes))
      .execute();
  }

  /** A clean stop: the worker is gone, not dead. */
  async remove(workerId: string): Promise<void> {
    await this.db.deleteFrom("worker_heartbeats").where("worker_id", "=", workerId).execute();
  }

  /** Forgets workers silent since `before` (crashed or killed long ago). */
  async pruneSilentSince(before: number): Promise<void> {
    await this.db.deleteFrom("worker_heartbeats").where("beat_at", "<", before).execute();
  }

  /** Every worker that reported, latest beat first. */
  findAll(): Promise<WorkerHeartbeatRow[]> {
    return this.db
      .selectFrom("worker_heartbeats")
      .selectAll()
      .orderBy("beat_at", "desc")
      .orderBy("worker_id")
      .execute();
  }
}
