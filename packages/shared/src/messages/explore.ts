export const explore = {
  loadFailed: "Failed to load explore data",
  somethingWrong: "Something went wrong",
} as const;
