export const profile = {
  updateFailed: "Failed to update your profile. Please try again.",
  updatedTitle: "Profile updated",
  updatedText: "Your artist profile has been updated successfully.",
  saveChanges: "Save Changes",
  saving: "Saving...",
  // What the form says about where its fields appear: no public page shows the bio, website,
  // statement or social links, and the display name goes with the username, never instead of it.
  aboutYouIntro: "Your artist details, kept with your account.",
  displayNameHint: (min: number) =>
    `At least ${min} characters. Shown with your username where you are named, such as on a 1/1 you collected.`,
  socialLinksIntro:
    "A handle such as @yourname, or a full address starting with https://. Leave a field empty to remove it.",
  /** A social link that is neither a handle nor an http(s) address (`javascript:…`). */
  socialLinkInvalid: (network: string) =>
    `${network} must be a handle such as @yourname, or a full address starting with https://`,
} as const;
