import { type Insertable, type SqlBool, sql } from "kysely";
import type { Db } from "../../db/database.js";
import type { AuditLogRow, AuditLogTable } from "../../db/schema.js";

/** What an audit entry says: who (null for the system), did what, to what, with which details. */
export interface AuditEntryInput {
  actorId: number | null;
  /** `<domain>.<verb>`, e.g. `api_key.created`. */
  action: string;
  /** `<kind>:<id>`, e.g. `api_key:7`. */
  subject: string;
  /** Plain facts about the change; never a secret. */
  details?: Record<string, unknown>;
}

/**
 * An audit row: what every audited change writes, in the change's own transaction when the
 * change's repository takes it (so the log never misses a change that happened, nor records one
 * that did not).
 */
export function newAuditRow(entry: AuditEntryInput, now: number): Insertable<AuditLogTable> {
  return {
    actor_id: entry.actorId,
    action: entry.action,
    subject: entry.subject,
    details: JSON.stringify(entry.details ?? {}),
    created_at: now,
  };
}

export class AuditRepo {
  constructor(private readonly db: Db) {}

  async insert(entry: AuditEntryInput, now: number): Promise<void> {
    await this.db.insertInto("audit_log").values(newAuditRow(entry, now)).execute();
  }

  /** The newest entries first, optionally of one subject, before an id (paging back). */
  findRecent(
    limit: number,
    options: { subject?: string; beforeId?: number } = {},
  ): Promise<AuditLogRow[]> {
    let query = this.db
      .selectFrom("audit_log")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit);
    if (options.subject !== undefined) query = query.where("subject", "=", options.subject);
    if (options.beforeId !== undefined) query = query.where("id", "<", options.beforeId);
    return query.execute();
  }

  /**
   * One page of the log, newest first (by id, the order entries were written), after the cursor
   * id, with each actor's username: filtered by the start of the action, the actor's username
   * (any case) and the exact subject.
   */
  async findPage(query: {
    limit: number;
    beforeId?: number;
    actionPrefix?: string;
    actorUsername?: string;
    subject?: string;
  }): Promise<Array<AuditLogRow & { actor_username: string | null }>> {
    let select = this.db
      .selectFrom("audit_log")
      .leftJoin("users", "users.id", "audit_log.actor_id")
      .selectAll("audit_log")
      .select("users.username as actor_username")
      .orderBy("audit_log.id", "desc")
      .limit(query.limit);
    if (query.beforeId !== undefined) select = select.where("audit_log.id", "<", query.beforeId);
    if (query.actionPrefix) {
      // A prefix, its LIKE wildcards escaped: `user_` must not match `users`.
      const pattern = `${query.actionPrefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where(sql<SqlBool>`audit_log.action like ${pattern} escape '\\'`);
    }
    if (query.actorUsername) {
      select = select.where("users.username_key", "=", query.actorUsername.toLowerCase());
    }
    if (query.subject) select = select.where("audit_log.subject", "=", query.subject);
    return select.execute();
  }
}
