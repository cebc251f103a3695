import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ProfileUpdate,
  SOCIAL_NETWORKS,
  type SocialNetwork,
  type User,
  ZProfileBody,
} from "@sawdust/shared";
import type { Resolver } from "react-hook-form";

/** What the artist-profile form holds: every field as typed. */
export interface ProfileFormValues {
  displayName: string;
  bio: string;
  website: string;
  artistStatement: string;
  socialLinks: Record<SocialNetwork, string>;
  specialties: string[];
}

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

const checkProfileBody = zodResolver(ZProfileBody);

/**
 * Checks the form with the server's own schema (ZProfileBody) and answers the body it takes. A
 * display name can be changed but not removed, so a blank one is left out for a member who never
 * had one.
 */
export function profileResolver(user: User): Resolver<ProfileFormValues, unknown, ProfileUpdate> {
  return (values, context, options) => {
    const leaveNameOut = values.displayName.trim() === "" && !user.displayName;
    return checkProfileBody(
      { ...values, displayName: leaveNameOut ? undefined : values.displayName },
      context,
      // The options name the form's fields, which are the schema's own.
      options as Parameters<typeof checkProfileBody>[2],
    );
  };
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
