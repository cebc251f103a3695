import type { Db } from "../../db/database.js";
import type { NewUserRow, UserRow, UsersTable } from "../../db/schema.js";

/** The profile columns a member edits; a column left out keeps its value. */
export type ProfileColumns = Partial<
  Pick<
    UsersTable,
    "display_name" | "bio" | "website" | "social_links" | "artist_statement" | "specialties"
  >
>;

export class UsersRepo {
  constructor(private readonly db: Db) {}

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

  async existsWithRole(role: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", role)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The id of the oldest account with this role, if there is one. */
  async firstIdWithRole(role: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", role)
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
      .set({ password_hash: passwordHash, role, updated_at: now })
      .where("id", "=", id)
      .execute();
  }
}
