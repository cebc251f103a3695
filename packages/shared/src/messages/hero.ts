/** The admin's hero editor. */
export const hero = {
  updateFailed: "Failed to update hero content",
  updated: "Hero content updated successfully",
  /** Said with `updated` when the stored text is not what was typed. */
  sanitised:
    "Some of the HTML is not allowed (scripts, event handlers, styles, other tags or links) and was removed. The fields now show what was saved.",
  // Bounds and checks of ours (the spec names none).
  titleRequired: "Hero title is required",
  titleTooLong: (max: number) => `Hero title must be at most ${max} characters (HTML included)`,
  subtitleNotText: "Hero subtitle must be text",
  subtitleTooLong: (max: number) =>
    `Hero subtitle must be at most ${max} characters (HTML included)`,
  visibilityRequired: "isVisible must be true or false",
  titleEmptyAfterSanitising:
    "Hero title has no text left once the HTML that is not allowed is removed",
  previewFailed: "Failed to preview hero content",
  changedElsewhere:
    "Another administrator saved the hero after this page was opened. Nothing was saved: reload to see their changes.",
} as const;
