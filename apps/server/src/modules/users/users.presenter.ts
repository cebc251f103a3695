import type { Role, Tier, User } from "@sawdust/shared";
import type { UserRow } from "../../db/schema.js";

/** The signed-in user as the API shows it (shared `ZUser`). */
export function presentUser(row: UserRow, tier: Tier): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role as Role,
    tier,
    displayName: row.display_name,
    bio: row.bio,
    website: row.website,
    socialLinks: parseJson(row.social_links, {}),
    artistStatement: row.artist_statement,
    specialties: parseJson(row.specialties, []),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
