import type { Insertable } from "kysely";
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
}
