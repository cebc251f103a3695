import { z } from "zod";
import { ROLES } from "../constants.js";
import * as MESSAGES from "../messages/index.js";
import { ZSubscription, ZTier } from "./billing.js";
import { strictQuery, zAdminPageLimit, zListCursor } from "./query.js";
import { zRowId } from "./row-id.js";

/** GET /api/v1/admin/users: newest first, a page at a time. */
export const ZAdminUsersQuery = strictQuery("the user list", {
  limit: zAdminPageLimit(),
  cursor: zListCursor(),
  /** Part of a username or email. */
  q: z.string().trim().max(100, "The search must be at most 100 characters").optional(),
  role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(", ")}` }).optional(),
  /** active: in good standing; suspended: suspended by an admin. */
  status: z
    .enum(["active", "suspended"], { error: "status must be active or suspended" })
    .optional(),
});
export type AdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

/** A member as the Users page shows them: standing, plan and this month's use. */
export const ZAdminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES).or(z.string()),
  createdAt: z.string(),
  /** When an admin suspended the account; null while in good standing. */
  suspendedAt: z.string().nullable(),
  tier: ZTier,
  /** The subscription behind the tier, else the latest; null when they never had one. */
  subscription: ZSubscription.nullable(),
  /** Downloads and bytes counted this UTC month. */
  downloadsThisMonth: z.number().int(),
  bytesThisMonth: z.number().int(),
  collections: z.number().int(),
  /** Sessions not yet expired (signed-in browsers). */
  liveSessions: z.number().int(),
  /** Whether the user signs in with a second factor (issue 22). */
  twoFactorEnabled: z.boolean(),
  /** Whether the member opened their email confirmation link (issue 22). */
  emailVerified: z.boolean(),
});
export type AdminUser = z.infer<typeof ZAdminUser>;

export const ZAdminUserList = z.object({
  users: z.array(ZAdminUser),
  nextCursor: z.string().nullable(),
  /** How many users match the filters (every page). */
  total: z.number().int(),
});
export type AdminUserList = z.infer<typeof ZAdminUserList>;

export const ZAdminUserParams = z.object({
  id: zRowId("user"),
});

/**
 * PATCH /api/v1/admin/users/{id}: one change at a time, a role or a suspension. The last active
 * administrator can be neither demoted nor suspended, and nobody suspends themself.
 */
export const ZAdminUserUpdateBody = z
  .strictObject(
    {
      role: z.enum(ROLES, { error: `role must be one of: ${ROLES.join(", ")}` }).optional(),
      suspended: z.boolean({ error: "suspended must be true or false" }).optional(),
    },
    { error: () => MESSAGES.adminUsers.oneChange },
  )
  .refine((body) => (body.role === undefined) !== (body.suspended === undefined), {
    error: MESSAGES.adminUsers.oneChange,
  });
export type AdminUserUpdateBody = z.infer<typeof ZAdminUserUpdateBody>;

/** DELETE /api/v1/admin/users/{id}/sessions. */
export const ZEndedSessions = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof ZEndedSessions>;
