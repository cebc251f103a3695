/** The gallery page's own messages (section 2: Gallery page). */
export const gallery = {
  /** The Filters drawer's code could not be fetched (offline, the server restarting). */
  filtersFailed: "The filters could not be loaded. Check your connection and try again.",
} as const;
