export const profile = {
  updateFailed: "Failed to update your profile. Please try again.",
  updatedTitle: "Profile updated",
  updatedText: "Your artist profile has been updated successfully.",
  saveChanges: "Save Changes",
  saving: "Saving...",
} as const;
