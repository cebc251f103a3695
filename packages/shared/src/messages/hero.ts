export const hero = {
  fetchFailed: "Failed to fetch hero content",
  updateFailed: "Failed to update hero content",
  updated: "Hero content updated successfully",
} as const;
