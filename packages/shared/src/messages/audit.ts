/** The audit log page. */
export const audit = {
  loadFailed: "Failed to load the audit log",
  empty: "No audit entries found",
  system: "System",
} as const;
