import pg from "pg";
import type { EventTransport } from "../events/event-bus.js";

/**
 * PostgreSQL LISTEN/NOTIFY as the event bus's transport: one connection of its own listens
 * (a pooled one cannot), notifications go out through the pool. A dropped listening connection
 * is opened again after a second, and the bus is told it may have missed events.
 */
export class PgNotifications implements EventTransport {
  private client: pg.Client | undefined;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly pool: pg.Pool,
  ) {}

  async listen(
    channel: string,
    onMessage: (payload: string) => void,
    onReconnect: () => void,
  ): Promise<void> {
    const connect = async (): Promise<void> => {
      const client = new pg.Client({ connectionString: this.url });
      client.on("notification", (message) => {
        if (message.channel === channel && message.payload) onMessage(message.payload);
      });
      const lost = () => {
        if (this.closed || this.client !== client) return;
        this.client = undefined;
        client.removeAllListeners("error");
        client.on("error", () => {});
        client.end().catch(() => {});
        this.retry = setTimeout(() => {
          connect().then(onReconnect, lost);
        }, 1000);
        this.retry.unref();
      };
      client.on("error", lost);
      client.on("end", lost);
      this.client = client;
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    };
    await connect();
  }

  async publish(channel: string, payload: string): Promise<void> {
    await this.pool.query("select pg_notify($1, $2)", [channel, payload]);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
