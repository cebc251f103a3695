export const subscribers = {
  loadFailed: "Failed to load subscribers",
  empty: "No subscribers found",
} as const;
