import {
  type Expression,
  type ExpressionBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import { containsPattern } from "../../db/contains-pattern.js";
import type { Db } from "../../db/database.js";
import type { DialectName } from "../../db/dialect.js";
import type { Database, NewUserRow, UserRow, UsersTable } from "../../db/schema.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";
import { ENDING_SESSIONS } from "../auth/sessions.repo.js";

/** The advisory lock every change of a user's role or suspension takes on PostgreSQL. */
const STANDING_LOCK = "sawdust.users:standing";

/**
 * The administrators who stay: neither suspended nor deleted, nor deleting their own account at
 * `now` (`leaving_until`, 0041). Every "is another admin left?" decision counts these.
 */
export function stayingAdmin(eb: ExpressionBuilder<Database, "users">, now: number) {
  return eb.and([
    eb("role", "=", "admin"),
    eb("suspended_at", "is", null),
    eb("deleted_at", "is", null),
    eb.or([eb("leaving_until", "is", null), eb("leaving_until", "<=", now)]),
  ]);
}

/**
 * Takes, in the caller's transaction, the lock every change of who is an active administrator
 * takes (a role, a suspension, an account's deletion), so each decides on the admins as the
 * previous one left them. PostgreSQL only: SQLite runs one writing transaction at a time.
 */
export async function lockStandings(trx: Transaction<Database>, dialect: DialectName) {
  if (dialect === "postgres") {
    await sql`select pg_advisory_xact_lock(hashtextextended(${STANDING_LOCK}, 0))`.execute(trx);
  }
}

/** The profile columns a member edits; a column left out keeps its value. */
export type ProfileColumns = Partial<
  Pick<
    UsersTable,
    "display_name" | "bio" | "website" | "social_links" | "artist_statement" | "specialties"
  >
>;

/** The Users page's filters. */
export interface AdminUserFilters {
  /** Part of a username or email, any case. */
  q?: string;
  role?: string;
  status?: "active" | "suspended";
}

/** A user with this month's use, for the admin console. */
export interface AdminUserRow {
  id: number;
  username: string;
  email: string;
  role: string;
  created_at: number;
  suspended_at: number | null;
  email_verified_at: number | null;
  downloads: number;
  bytes: number;
  collections: number;
  live_sessions: number;
}

/** A change to a user's standing, decided on the rows as the transaction holds them. */
export interface StandingChange {
  set: Partial<Pick<UsersTable, "role" | "suspended_at">>;
  /** Delete every session of the user (a suspension), in the same transaction. */
  endSessions: boolean;
  audit: (sessionsEnded: number) => AuditEntryInput;
}

/** What `changeStanding` did. */
export type StandingOutcome =
  | { kind: "missing" }
  | { kind: "unchanged" }
  | { kind: "changed"; before: UserRow; after: UserRow; sessionsEnded: number };

export class UsersRepo {
  /** `dialect` matters only to the admin changes (PostgreSQL locks the rows they decide on). */
  constructor(
    private readonly db: Db,
    private readonly dialect: DialectName = "sqlite",
  ) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
  }

  findByUsernameKey(usernameKey: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom("users")
      .selectAll()
      .where("username_key", "=", usernameKey)
      .executeTakeFirst();
  }

  async existsWithEmail(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", email)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether an administrator who can sign in exists: neither deleted nor suspended. */
  async activeAdminExists(): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where("deleted_at", "is", null)
      .where("suspended_at", "is", null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The id of the oldest account with this role that was not deleted, if there is one. */
  async firstIdWithRole(role: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", role)
      .where("deleted_at", "is", null)
      .orderBy("id")
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /** Inserts the user; returns undefined when the username or email is already taken. */
  async insertUnlessTaken(user: NewUserRow): Promise<UserRow | undefined> {
    return this.db
      .insertInto("users")
      .values(user)
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  /** Writes the given profile columns and returns the updated row (undefined: no such user). */
  updateProfile(id: number, columns: ProfileColumns, now: number): Promise<UserRow | undefined> {
    return this.db
      .updateTable("users")
      .set({ ...columns, updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
  }

  async updatePasswordAndRole(
    id: number,
    passwordHash: string,
    role: string,
    now: number,
  ): Promise<void> {
    await this.db
      .updateTable("users")
      .set({
        password_hash: passwordHash,
        role,
        updated_at: now,
        ...ENDING_SESSIONS,
        // An administrator made by the CLI counts as confirmed.
        ...(role === "admin"
          ? { email_verified_at: sql<number>`coalesce(email_verified_at, ${now})` }
          : {}),
      })
      .where("id", "=", id)
      .execute();
  }

  /** One page of users, newest first, after the cursor id, with this month's use. */
  async findAdminPage(
    query: AdminUserFilters & { limit: number; beforeId?: number },
    month: string,
    now: number,
  ): Promise<AdminUserRow[]> {
    let select = this.adminRows(month, now)
      .where(adminFilters(query))
      .orderBy("users.id", "desc")
      .limit(query.limit);
    if (query.beforeId !== undefined) select = select.where("users.id", "<", query.beforeId);
    return (await select.execute()).map(numbersOf);
  }

  async findAdminRow(id: number, month: string, now: number): Promise<AdminUserRow | undefined> {
    // A deleted account is no one's (adminFilters): its kept row names no one to an admin either.
    const row = await this.adminRows(month, now)
      .where("users.id", "=", id)
      .where("users.deleted_at", "is", null)
      .executeTakeFirst();
    return row && numbersOf(row);
  }

  async countAdminPage(filters: AdminUserFilters): Promise<number> {
    const row = await this.db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where(adminFilters(filters))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Changes a user's role or suspension in one transaction: the active admins (role admin, not
   * suspended) and the user are read first — on PostgreSQL locked, so concurrent changes decide one
   * after another instead of each on a snapshot the other is changing (READ COMMITTED's write
   * skew); SQLite has one writer — then `decide` says what to write (or throws, which writes
   * nothing), and the change, the ended sessions and the audit entry are written together.
   * `decide` returning null changes nothing. On PostgreSQL every such change first takes one
   * advisory lock: row locks alone deadlocked under 30 parallel demotions and suspensions (a
   * change whose snapshot still saw an admin the other had just changed locked the rows in another
   * order: "deadlock detected", a 500), and these changes are rare enough to take turns.
   */
  async changeStanding(
    id: number,
    decide: (user: UserRow, activeAdminIds: number[]) => StandingChange | null,
    now: number,
  ): Promise<StandingOutcome> {
    return this.db.transaction().execute(async (trx) => {
      const locking = this.dialect === "postgres";
      await lockStandings(trx, this.dialect);
      let admins = trx
        .selectFrom("users")
        .select("id")
        .where((eb) => stayingAdmin(eb, now))
        .orderBy("id");
      if (locking) admins = admins.forUpdate();
      const activeAdminIds = (await admins.execute()).map((row) => row.id);
      let target = trx
        .selectFrom("users")
        .selectAll()
        .where("id", "=", id)
        .where("deleted_at", "is", null);
      if (locking) target = target.forUpdate();
      const before = await target.executeTakeFirst();
      if (!before) return { kind: "missing" };
      const change = decide(before, activeAdminIds);
      if (!change) return { kind: "unchanged" };
      const after = await trx
        .updateTable("users")
        .set({ ...change.set, updated_at: now, ...(change.endSessions ? ENDING_SESSIONS : {}) })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      let sessionsEnded = 0;
      if (change.endSessions) {
        const deleted = await trx
          .deleteFrom("sessions")
          .where("user_id", "=", id)
          .executeTakeFirst();
        sessionsEnded = Number(deleted.numDeletedRows);
      }
      await trx
        .insertInto("audit_log")
        .values(newAuditRow(change.audit(sessionsEnded), now))
        .execute();
      return { kind: "changed", before, after, sessionsEnded };
    });
  }

  /**
   * Deletes every session of the user and writes the audit entry, in one transaction. Returns how
   * many ended, or undefined when there is no such user.
   */
  async endSessions(
    id: number,
    auditOf: (user: UserRow, ended: number) => AuditEntryInput,
    now: number,
  ): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom("users")
        .selectAll()
        .where("id", "=", id)
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      if (!user) return undefined;
      await trx.updateTable("users").set(ENDING_SESSIONS).where("id", "=", id).execute();
      const deleted = await trx.deleteFrom("sessions").where("user_id", "=", id).executeTakeFirst();
      const ended = Number(deleted.numDeletedRows);
      await trx
        .insertInto("audit_log")
        .values(newAuditRow(auditOf(user, ended), now))
        .execute();
      return ended;
    });
  }

  private adminRows(month: string, now: number) {
    return this.db
      .selectFrom("users")
      .leftJoin("usage_monthly", (join) =>
        join.onRef("usage_monthly.user_id", "=", "users.id").on("usage_monthly.month", "=", month),
      )
      .select([
        "users.id",
        "users.username",
        "users.email",
        "users.role",
        "users.created_at",
        "users.suspended_at",
        "users.email_verified_at",
      ])
      .select((eb) => [
        eb.fn.coalesce("usage_monthly.downloads", eb.lit(0)).as("downloads"),
        eb.fn.coalesce("usage_monthly.bytes", eb.lit(0)).as("bytes"),
        eb
          .selectFrom("collections")
          .select((sub) => sub.fn.countAll<number | string>().as("n"))
          .whereRef("collections.user_id", "=", "users.id")
          .as("collections"),
        eb
          .selectFrom("sessions")
          .select((sub) => sub.fn.countAll<number | string>().as("n"))
          .whereRef("sessions.user_id", "=", "users.id")
          .where("sessions.expires_at", ">", now)
          .as("live_sessions"),
      ]);
  }
}

/** Counts come back as strings from PostgreSQL's bigint aggregates: numbers here. */
function numbersOf(row: {
  id: number;
  username: string;
  email: string;
  role: string;
  created_at: number;
  suspended_at: number | null;
  email_verified_at: number | null;
  downloads: unknown;
  bytes: unknown;
  collections: unknown;
  live_sessions: unknown;
}): AdminUserRow {
  return {
    ...row,
    downloads: Number(row.downloads ?? 0),
    bytes: Number(row.bytes ?? 0),
    collections: Number(row.collections ?? 0),
    live_sessions: Number(row.live_sessions ?? 0),
  };
}

function adminFilters(filters: AdminUserFilters) {
  return (eb: ExpressionBuilder<Database, "users">) => {
    // A deleted account is no one's any more: its row stays, anonymised, for the payments and
    // sales that name it (accounts.repo.ts), and nothing an admin does applies to it.
    const conditions: Expression<SqlBool>[] = [eb("users.deleted_at", "is", null)];
    if (filters.q) {
      const pattern = containsPattern(filters.q);
      // A case-insensitive "contains" on both dialects (PostgreSQL's LIKE is case-sensitive).
      conditions.push(
        sql<SqlBool>`(lower(users.username) like ${pattern} escape '\\' or lower(users.email) like ${pattern} escape '\\')`,
      );
    }
    if (filters.role) conditions.push(eb("users.role", "=", filters.role));
    if (filters.status === "suspended") conditions.push(eb("users.suspended_at", "is not", null));
    if (filters.status === "active") conditions.push(eb("users.suspended_at", "is", null));
    return eb.and(conditions);
  };
}
