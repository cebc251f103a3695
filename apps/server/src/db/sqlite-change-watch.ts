import type { EventTransport } from "../events/event-bus.js";
import type { SQLiteDatabase } from "./sqlite-driver.js";

/** How often a process looks whether another process has written to the SQLite file. */
export const SQLITE_CHANGE_POLL_MS = 250;

/**
 * The event bus's transport on SQLite, where processes sharing the file (the API and a separate
 * `npm run worker`) have no channel between them: every SQLITE_CHANGE_POLL_MS it reads SQLite's
 * `data_version`, which moves when another connection has committed to the file (never for this
 * connection's own commits, whose events this process already heard), and tells the bus it may
 * have missed events (`resync`), so every copy of the catalogue is dropped. Nothing is published:
 * the other processes see the commit the same way. Reading it is a few microseconds.
 */
export class SqliteChangeWatch implements EventTransport {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sqlite: SQLiteDatabase,
    private readonly pollMs: number = SQLITE_CHANGE_POLL_MS,
  ) {}

  async listen(
    _channel: string,
    _onMessage: (payload: string) => void,
    onChangedElsewhere: () => void,
  ): Promise<void> {
    const statement = this.sqlite.prepare("pragma data_version").pluck();
    let seen = statement.get();
    this.timer = setInterval(() => {
      let now: unknown;
      try {
        now = statement.get();
      } catch {
        // The database was closed before the bus: nothing more to watch.
        clearInterval(this.timer);
        return;
      }
      if (now === seen) return;
      seen = now;
      onChangedElsewhere();
    }, this.pollMs);
    this.timer.unref();
  }

  async publish(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.timer);
  }
}
