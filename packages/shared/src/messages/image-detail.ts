/** The image detail dialog: downloads, sharing and the admin's edits. */
export const imageDetail = {
  fetchOneFailed: "Failed to fetch image",
  visibilityFailed: "Failed to update image visibility",
  downloadFailed: "Download Failed",
  downloadFailedFallback: "Failed to download image",
  detailsUpdated: "Image details updated successfully",
  madeVisible: "Image made visible successfully",
  hidden: "Image hidden successfully",
  downloadStarted: "Download Started",
  linkCopied: "Link Copied",
  copied: "Copied",
  signUpForHd: "Sign up for HD quality",
  // Ours (the spec names no wording for these).
  unavailable: "This image is not available",
  unavailableText: "It may have been removed or hidden, or the link may be mistyped.",
  copyLink: "Copy link",
  copyFailed: "Couldn't copy the link",
  shareFailed: "Couldn't open the share window",
  shareLinkText: (link: string) => `Share this link instead: ${link}`,
} as const;
