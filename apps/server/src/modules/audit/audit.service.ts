import {
  type AuditPage,
  type AuditQuery,
  isAdmin,
  MESSAGES,
  type Principal,
} from "@sawdust/shared";
import type { Clock } from "../../lib/clock.js";
import { badRequest, forbidden, unauthorized } from "../../lib/errors.js";
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

  /**
   * One page of the log for the admin console, newest first, each entry with its actor's
   * username. Read-only: nothing edits or deletes an entry.
   */
  async page(query: AuditQuery, viewer: Principal): Promise<AuditPage> {
    if (viewer.kind !== "member") throw unauthorized(MESSAGES.auth.notSignedIn);
    if (!isAdmin(viewer)) throw forbidden(MESSAGES.auth.adminOnly);
    const rows = await this.deps.audit.findPage({
      limit: query.limit + 1,
      beforeId: decodeCursor(query.cursor),
      actionPrefix: query.action || undefined,
      actorUsername: query.actor || undefined,
      subject: query.subject || undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      entries: page.map((row) => ({
        id: row.id,
        createdAt: new Date(row.created_at).toISOString(),
        actor:
          row.actor_id !== null && row.actor_username !== null
            ? { id: row.actor_id, username: row.actor_username }
            : null,
        action: row.action,
        subject: row.subject,
        details: parseStoredObject(row.details),
      })),
      nextCursor: rows.length > query.limit && last ? String(last.id) : null,
    };
  }
}

/** The cursor is the last entry's id (entries never change, so a plain id is enough). */
function decodeCursor(cursor: string | undefined): number | undefined {
  if (!cursor || cursor === "0") return undefined;
  const id = Number(cursor);
  if (Number.isSafeInteger(id) && id > 0) return id;
  throw badRequest(MESSAGES.badCursor, "bad_cursor");
}
