/** The gallery page's own messages (section 2: Gallery page). */
export const gallery = {
  /** The Filters drawer's code could not be fetched (offline, the server restarting). */
  filtersFailed: "The filters could not be loaded. Check your connection and try again.",
  /** A tag page's link to the gallery, which shows only the tag's gallery pieces: "4 gallery pieces". */
  openTagPieces: (pieces: string) => `Open its ${pieces} in the gallery`,
} as const;
