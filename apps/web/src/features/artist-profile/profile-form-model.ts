import {
  type ProfileUpdate,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type User,
  ZProfileBody,
} from "@sawdust/shared";

/** What the artist-profile form holds: every field as typed. */
export interface ProfileFormValues {
  displayName: string;
  bio: string;
  website: string;
  artistStatement: string;
  socialLinks: Record<SocialNetwork, string>;
  specialties: string[];
}

export type ProfileFieldName =
  | "displayName"
  | "bio"
  | "website"
  | "artistStatement"
  | `socialLinks.${SocialNetwork}`
  | "specialties";

export type ProfileFieldErrors = Partial<Record<ProfileFieldName, string>>;

/** The order the fields appear in: the first one in error takes the focus. */
export const PROFILE_FIELD_ORDER: readonly ProfileFieldName[] = [
  "displayName",
  "bio",
  "website",
  "artistStatement",
  ...SOCIAL_NETWORKS.map((network) => `socialLinks.${network}` as const),
  "specialties",
];

export function formValuesOf(user: User): ProfileFormValues {
  return {
    displayName: user.displayName ?? "",
    bio: user.bio ?? "",
    website: user.website ?? "",
    artistStatement: user.artistStatement ?? "",
    socialLinks: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, user.socialLinks[network] ?? ""]),
    ) as Record<SocialNetwork, string>,
    specialties: [...user.specialties],
  };
}

export type ProfileValidation =
  | { ok: true; body: ProfileUpdate }
  | { ok: false; errors: ProfileFieldErrors };

/**
 * Checks the form with the server's own schema (ZProfileBody). A display name can be changed but
 * not removed, so a blank one is left out for a member who never had one.
 */
export function validateProfile(values: ProfileFormValues, user: User): ProfileValidation {
  const leaveNameOut = values.displayName.trim() === "" && !user.displayName;
  const result = ZProfileBody.safeParse({
    ...values,
    displayName: leaveNameOut ? undefined : values.displayName,
  });
  if (result.success) return { ok: true, body: result.data };
  const errors: ProfileFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

function fieldOf(path: readonly PropertyKey[]): ProfileFieldName | undefined {
  const [head, next] = path;
  if (head === "socialLinks" && typeof next === "string")
    return `socialLinks.${next as SocialNetwork}`;
  if (typeof head !== "string") return undefined;
  return PROFILE_FIELD_ORDER.includes(head as ProfileFieldName)
    ? (head as ProfileFieldName)
    : undefined;
}

/**
 * Adds a typed specialty to the list: trimmed, a repeat (in any case) ignored, and refused with
 * the schema's message when the list or the entry would break its bounds.
 */
export function addSpecialty(
  list: readonly string[],
  typed: string,
): { list: string[]; error?: string } {
  const specialty = typed.trim();
  const key = specialty.toLowerCase();
  if (!specialty || list.some((item) => item.toLowerCase() === key)) return { list: [...list] };
  const next = [...list, specialty];
  const result = ZProfileBody.shape.specialties.safeParse(next);
  if (!result.success) return { list: [...list], error: result.error.issues[0]?.message };
  return { list: next };
}
