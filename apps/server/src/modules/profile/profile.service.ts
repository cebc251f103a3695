import { MESSAGES, type ProfileUpdate } from "@sawdust/shared";
import type { UserRow } from "../../db/schema.js";
import type { Clock } from "../../lib/clock.js";
import { unauthorized } from "../../lib/errors.js";
import type { ProfileColumns, UsersRepo } from "../users/users.repo.js";

export class ProfileService {
  constructor(
    private readonly deps: {
      users: UsersRepo;
      clock: Clock;
      /** The member's shown name changed: what shows it (a collected piece's page) hears it. */
      onNameChanged?: (userId: number) => Promise<void>;
    },
  ) {}

  /** Saves the fields the member sent (spec section 7 "Profile"); the others keep their values. */
  async update(userId: number, update: ProfileUpdate): Promise<UserRow> {
    const row = await this.deps.users.updateProfile(
      userId,
      profileColumnsOf(update),
      this.deps.clock.now(),
    );
    // The account was deleted between the session check and the write.
    if (!row) throw unauthorized(MESSAGES.auth.notSignedIn);
    if (update.displayName !== undefined) await this.deps.onNameChanged?.(userId);
    return row;
  }
}

/** The parsed body as columns: undefined means "not sent", so the column is left out. */
export function profileColumnsOf(update: ProfileUpdate): ProfileColumns {
  const columns: ProfileColumns = {};
  if (update.displayName !== undefined) columns.display_name = update.displayName;
  if (update.bio !== undefined) columns.bio = update.bio;
  if (update.website !== undefined) columns.website = update.website;
  if (update.artistStatement !== undefined) columns.artist_statement = update.artistStatement;
  if (update.socialLinks !== undefined) columns.social_links = JSON.stringify(update.socialLinks);
  if (update.specialties !== undefined) columns.specialties = JSON.stringify(update.specialties);
  return columns;
}
