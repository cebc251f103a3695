/** The audit log page. */
export const audit = {
  loadFailed: "Failed to load the audit log",
  empty: "No audit entries found",
  system: "System",
  /** Who made a refused sign-in attempt: nobody the site knows. */
  notSignedIn: "Not signed in",
} as const;
