/** Moderation: members' reports and the admin's queue (beyond the spec; our words). */
export const moderation = {
  reportTitle: "Report this image",
  reportIntro:
    "Tell the admins what is wrong; they review every report. Other members never see who reported.",
  reported: "Report sent",
  reportedText: "Thank you. An admin will review this image.",
  alreadyReported: "You have already reported this image",
  reportFailed: "Failed to report image",
  reasonRequired: "Choose a reason",
  noteTooLong: (max: number) => `The note must be at most ${max} characters`,
  imageIdsRequired: "Choose at least one image",
  imageIdsTooMany: (max: number) => `Choose at most ${max} images at a time`,
  decisionInvalid: "The decision must be approve, keep_private or delete",
  fetchFailed: "Failed to load the moderation queue",
  decisionFailed: "Failed to apply the decision",
  empty: "Nothing to review",
  emptyText:
    "Images the content rater flags or cannot rate, and images members report, appear here.",
  approved: (n: number) => `${n} ${n === 1 ? "image" : "images"} approved and published`,
  keptPrivate: (n: number) => `${n} ${n === 1 ? "image" : "images"} kept private`,
  deleted: (n: number) => `${n} ${n === 1 ? "image" : "images"} deleted`,
  skipped: (n: number) =>
    `${n} ${n === 1 ? "image was" : "images were"} no longer in the queue and left as they are`,
  deleteTitle: (n: number) => (n === 1 ? "Delete this image?" : `Delete ${n} images?`),
  deleteText: (n: number) =>
    `This action cannot be undone. This will permanently delete ${n === 1 ? "the image" : `${n} images`} and remove all associated data.`,
} as const;
