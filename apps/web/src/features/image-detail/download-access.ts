import { DOWNLOAD_SIZES, type DownloadSize, type User } from "@sawdust/shared";
import { isAdmin, isPro } from "@/lib/auth";

/** What choosing a size does for this viewer (spec sections 5 and 6). */
export type DownloadAccess = "download" | "sign-up" | "upgrade";

/**
 * Preview is for everyone; Basic needs an account (a visitor is invited to create one); HD,
 * XLarge and Ultra need Pro or admin (anyone else is shown the upgrade). The server checks the
 * same rules; this only decides which prompt saves a round trip.
 */
export function downloadAccess(size: DownloadSize, user: User | null | undefined): DownloadAccess {
  const needs = DOWNLOAD_SIZES[size].access;
  if (needs === "visitor") return "download";
  if (needs === "member") return user ? "download" : "sign-up";
  return isAdmin(user) || isPro(user) ? "download" : "upgrade";
}

/** The download sizes in the order the menu lists them, smallest first. */
export const DOWNLOAD_SIZE_ORDER = Object.keys(DOWNLOAD_SIZES) as DownloadSize[];
