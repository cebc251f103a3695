import type { Clock } from "../../lib/clock.js";
import { parseStoredObject } from "../../lib/stored-json.js";
import type { AuditEntryInput, AuditRepo } from "./audit.repo.js";

/** An audit entry as the admin console will show it. */
export interface AuditEntry {
  id: number;
  actorId: number | null;
  action: string;
  subject: string;
  details: Record<string, unknown>;
  createdAt: string;
}

/**
 * The admin audit log: who did what to what, and when. Changes whose repository writes the
 * entry in the change's own transaction (API keys) do not come through `record`; everything else
 * may.
 */
export class AuditService {
  constructor(private readonly deps: { audit: AuditRepo; clock: Clock }) {}

  async record(
    actorId: number | null,
    action: string,
    subject: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    const entry: AuditEntryInput = { actorId, action, subject, details };
    await this.deps.audit.insert(entry, this.deps.clock.now());
  }

  /** The newest entries first (of one subject, if given). */
  async recent(limit = 50, options: { subject?: string } = {}): Promise<AuditEntry[]> {
    const rows = await this.deps.audit.findRecent(limit, options);
    return rows.map((row) => ({
      id: row.id,
      actorId: row.actor_id,
      action: row.action,
      subject: row.subject,
      details: parseStoredObject(row.details),
      createdAt: new Date(row.created_at).toISOString(),
    }));
  }
}
