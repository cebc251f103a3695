import { randomUUID } from "node:crypto";

/**
 * What changed, announced by the service that changed it. Whoever keeps a copy of the catalogue
 * (the list cache, the server-rendered pages) listens instead of being cleared by each service.
 */
export type ChangeEvent =
  | { type: "image.created"; imageId: number }
  | { type: "image.updated"; imageId: number }
  | { type: "image.hidden"; imageId: number }
  | { type: "image.shown"; imageId: number }
  | { type: "image.deleted"; imageId: number }
  | { type: "hero.saved" }
  | { type: "collection.changed"; collectionId: number }
  /** The site settings were saved: every process's copy is stale. */
  | { type: "settings.changed" }
  /**
   * Events from other processes may have been missed (PostgreSQL: the listening connection
   * dropped; SQLite: rows of `bus_events` were trimmed before this process read them): forget
   * copies.
   */
  | { type: "resync" };

export type ChangeListener = (event: ChangeEvent) => void;

/**
 * How events cross processes: LISTEN/NOTIFY on PostgreSQL; on SQLite, rows of `bus_events` read
 * when another process has committed (db/sqlite-change-watch.ts). `onReconnect` (heard as
 * `resync`) says events may have been missed.
 */
export interface EventTransport {
  /** Calls `onMessage` with each payload published on the channel; resolves once listening. */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<void>;
  publish(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = "sawdust_events";

/**
 * One bus per process. `emit` tells this process's listeners at once and, with a transport,
 * every other process sharing the database: on PostgreSQL (LISTEN/NOTIFY) their listeners hear
 * the event within milliseconds; on SQLite within SQLITE_CHANGE_POLL_MS
 * (db/sqlite-change-watch.ts). Listeners must be cheap and must not throw.
 */
export class EventBus {
  private readonly listeners = new Set<ChangeListener>();
  /** Tells this process's own notifications apart from other processes'. */
  private readonly origin = randomUUID();

  constructor(
    private readonly transport?: EventTransport,
    private readonly log?: { warn(object: object, message: string): void },
  ) {}

  /** Starts hearing other processes (a no-op without a transport). */
  async start(): Promise<void> {
    await this.transport?.listen(
      CHANNEL,
      (payload) => this.receive(payload),
      () => this.dispatch({ type: "resync" }),
    );
  }

  on(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Announces a change that has been committed. Resolves once other processes were told. */
  async emit(event: ChangeEvent): Promise<void> {
    this.dispatch(event);
    if (!this.transport) return;
    try {
      await this.transport.publish(CHANNEL, JSON.stringify({ origin: this.origin, event }));
    } catch (error) {
      // The change stands; other processes' copies expire on their own bound (README).
      this.log?.warn({ err: error, event }, "could not announce a change to other processes");
    }
  }

  close(): Promise<void> {
    return this.transport?.close() ?? Promise.resolve();
  }

  private receive(payload: string): void {
    try {
      const message = JSON.parse(payload) as { origin?: string; event?: ChangeEvent };
      if (message.origin === this.origin || !message.event?.type) return;
      this.dispatch(message.event);
    } catch {
      this.dispatch({ type: "resync" });
    }
  }

  private dispatch(event: ChangeEvent): void {
    for (const listener of this.listeners) listener(event);
  }
}
