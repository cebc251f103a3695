import {
  DOWNLOAD_SIZES,
  type DownloadSize,
  downloadAccess,
  principalOf,
  type User,
} from "@sawdust/shared";

/** What choosing a size does for this viewer (spec sections 5 and 6). */
export type DownloadAction = "download" | "sign-up" | "upgrade";

/**
 * Whether the size downloads is the shared rule the server also checks (Preview for everyone,
 * Basic for members, HD, XLarge and Ultra for Pro and admins); this only decides which prompt saves
 * a round trip. A refused size opens the invitation for what it needs: an account for Basic, Pro
 * for the larger ones (a visitor asking for HD is shown the upgrade, not the sign-up).
 */
export function downloadAction(size: DownloadSize, user: User | null | undefined): DownloadAction {
  if (downloadAccess(principalOf(user), size) === "allowed") return "download";
  return DOWNLOAD_SIZES[size].access === "member" ? "sign-up" : "upgrade";
}

/** The download sizes in the order the menu lists them, smallest first. */
export const DOWNLOAD_SIZE_ORDER = Object.keys(DOWNLOAD_SIZES) as DownloadSize[];
