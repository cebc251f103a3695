import type { EventTransport } from "../events/event-bus.js";
import type { SQLiteDatabase } from "./sqlite-driver.js";

type SQLiteStatement = ReturnType<SQLiteDatabase["prepare"]>;

/** How often a process looks whether another process has written to the SQLite file. */
export const SQLITE_CHANGE_POLL_MS = 250;

/**
 * Events kept in `bus_events` behind the newest. A process that falls further behind between two
 * looks (it would take 1,000 announcements in a quarter of a second) finds rows it never read
 * gone, and drops every copy instead (`resync`).
 */
export const SQLITE_EVENTS_KEPT = 1000;

/**
 * The event bus's transport on SQLite, where processes sharing the file (the API and a separate
 * `npm run worker`) have no channel between them: each announcement is a row of `bus_events`
 * (migration 0019), and every SQLITE_CHANGE_POLL_MS each process reads SQLite's `data_version`,
 * which moves when another connection has committed to the file (never for this connection's own
 * commits). Only then does it read the rows it has not read yet, and hands each to the bus,
 * which leaves out its own. A commit that announced nothing (a worker's heartbeat, a session, a
 * counter) keeps every copy, as on PostgreSQL; before 0019 each one dropped them all. Reading
 * `data_version` is a few microseconds.
 */
export class SqliteChangeWatch implements EventTransport {
  private timer: NodeJS.Timeout | undefined;
  private writes: { insert: SQLiteStatement; trim: SQLiteStatement } | undefined;

  constructor(
    private readonly sqlite: SQLiteDatabase,
    private readonly pollMs: number = SQLITE_CHANGE_POLL_MS,
  ) {}

  async listen(
    _channel: string,
    onMessage: (payload: string) => void,
    onMissed: () => void,
  ): Promise<void> {
    const version = this.sqlite.prepare("pragma data_version").pluck();
    const newest = this.sqlite.prepare("select coalesce(max(id), 0) from bus_events").pluck();
    const unread = this.sqlite.prepare(
      "select id, payload from bus_events where id > ? order by id",
    );
    let seenVersion = version.get();
    let seenId = Number(newest.get());
    this.timer = setInterval(() => {
      let rows: Array<{ id: number; payload: string }>;
      try {
        const now = version.get();
        if (now === seenVersion) return;
        seenVersion = now;
        rows = unread.all(seenId) as Array<{ id: number; payload: string }>;
      } catch {
        // The database was closed before the bus: nothing more to watch.
        clearInterval(this.timer);
        return;
      }
      const first = rows[0];
      if (first === undefined) return;
      // Ids only grow by one: a gap is rows trimmed before this process read them.
      if (first.id !== seenId + 1) onMissed();
      seenId = rows[rows.length - 1]?.id ?? seenId;
      for (const row of rows) onMessage(row.payload);
    }, this.pollMs);
    this.timer.unref();
  }

  /** Adds the announcement for the others, and trims what they have all long since read. */
  async publish(_channel: string, payload: string): Promise<void> {
    this.writes ??= {
      insert: this.sqlite.prepare("insert into bus_events (payload) values (?)"),
      trim: this.sqlite.prepare("delete from bus_events where id <= ?"),
    };
    const { lastInsertRowid } = this.writes.insert.run(payload);
    this.writes.trim.run(Number(lastInsertRowid) - SQLITE_EVENTS_KEPT);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
  }
}
