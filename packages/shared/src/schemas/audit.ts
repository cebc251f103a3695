import { z } from "zod";
import { strictQuery, zAdminPageLimit, zListCursor } from "./query.js";

/** GET /api/v1/admin/audit: newest first, a page at a time, optionally filtered. */
export const ZAuditQuery = strictQuery("the audit log", {
  limit: zAdminPageLimit(),
  cursor: zListCursor(),
  /** The start of the action, e.g. `user.` or `user.suspended`. */
  action: z.string().trim().max(64, "The action filter must be at most 64 characters").optional(),
  /** The acting admin's username (any case). */
  actor: z.string().trim().max(64, "The actor filter must be at most 64 characters").optional(),
  /** The exact subject, e.g. `user:7`. */
  subject: z
    .string()
    .trim()
    .max(100, "The subject filter must be at most 100 characters")
    .optional(),
});
export type AuditQuery = z.infer<typeof ZAuditQuery>;

/** One audit entry: who did what to what, when, and what changed. */
export const ZAuditEntry = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** The acting admin; null for the system (or an account since deleted). */
  actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** `<domain>.<verb>`, e.g. `user.suspended`. */
  action: z.string(),
  /** `<kind>:<id>`, e.g. `user:7`. */
  subject: z.string(),
  /** What changed: usually `before` and `after`, plus facts such as a username. Never a secret. */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditPage = z.object({
  entries: z.array(ZAuditEntry),
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof ZAuditPage>;
