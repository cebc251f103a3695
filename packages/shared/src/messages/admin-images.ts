import { EDITION_SALES } from "../constants.js";
import { groupDigits } from "../text.js";

/** A reason said as a sentence: ended with a full stop unless it already ends like one. */
const fullStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * /admin/images and /admin/images/{id}/edit. The spec's texts (section 2 "Admin pages") first;
 * the toasts of section 8 are in `images` and `imageDetail`, used as they are. Then ours: the
 * search, the filters and the batch operations the spec's button never had.
 */
export const adminImages = {
  title: "Image Management",
  filterAll: "All Images",
  filterPublic: "Public Only",
  filterPrivate: "Private Only",
  columns: {
    select: "Select",
    preview: "Preview",
    title: "Title",
    tags: "Tags",
    style: "Style",
    visibility: "Visibility",
    actions: "Actions",
  },
  untitled: "Untitled",
  noStyle: "None",
  moreTags: (n: number) => `+${n} more`,
  public: "Public",
  private: "Private",
  loadingMore: "Loading more images...",
  batchOperations: "Batch Operations",
  editTitle: "Edit Image",
  saveChanges: "Save Changes",
  saving: "Saving...",
  priceLabel: "Price (USD)",

  // Ours.
  searchLabel: "Search images",
  searchPlaceholder: "Search titles, descriptions and tags",
  anyEdition: "Any edition",
  anyAnalysis: "Any analysis",
  analysisLabels: { pending: "Analysis pending", done: "Analysed", failed: "Analysis failed" },
  anyModeration: "Flagged or not",
  flaggedOnly: "Flagged only",
  notFlagged: "Not flagged",
  clearFilters: "Clear filters",
  total: (n: number) => `${groupDigits(n)} ${n === 1 ? "image" : "images"}`,
  selected: (n: number) => `${groupDigits(n)} selected`,
  selectAllMatching: (n: number) => `Select all ${groupDigits(n)} matching`,
  allMatchingSelected: (n: number) => `All ${groupDigits(n)} matching images are selected.`,
  clearSelection: "Clear selection",
  nothingSelected: "Select images first: tick their rows, or select all matching.",
  batch: {
    makePublic: "Make public",
    makePrivate: "Make private",
    delete: "Delete",
    reanalyse: "Re-run analysis",
    setEdition: "Set edition type and price",
    addTags: "Add tags",
    removeTags: "Remove tags",
    deleteConfirmTitle: (n: number) => `Delete ${groupDigits(n)} images?`,
    /**
     * In the batch delete's confirmation, when selected pieces sold editions: how many (of the
     * pieces loaded in the table, "at least" when the selection reaches further), and that their
     * sales and certificates outlive them.
     */
    /** …when none of the loaded ones sold any, but the selection reaches past them. */
    deleteMayKeepSales:
      "Some selected pieces are not loaded here: any editions they sold keep their sales and certificates, and the certificates stay valid.",
    deleteKeepsSales: (pieces: number, sold: number, atLeast: boolean) =>
      `${atLeast ? "At least " : ""}${sold === 1 ? "1 edition" : `${groupDigits(sold)} editions`} of ${pieces === 1 ? "a selected piece" : `${groupDigits(pieces)} selected pieces`} ${sold === 1 ? "was" : "were"} sold. ${sold === 1 ? "Its sale and certificate are kept, and the certificate stays valid." : "Their sales and certificates are kept, and the certificates stay valid."}`,
    tagsLabel: "Tags (comma-separated)",
    apply: "Apply",
    applying: "Applying...",
    done: (label: string, ok: number, total: number) =>
      `${label}: ${groupDigits(ok)} of ${groupDigits(total)} images changed`,
    failuresTitle: "Not changed",
    failed: "Batch operation failed",
  },
  tooManyForBatch: (matches: number, max: number) =>
    `The filter matches ${groupDigits(matches)} images; a batch takes at most ${groupDigits(max)}. Narrow the filter and try again.`,
  empty: "No images match these filters.",
  emptyCatalogue: "No images yet: uploads appear here.",
  loadFailed: "Failed to load images",
  flagged: "Flagged",
  unrated: "Unrated",
  reported: "Reported",
  editionSize: "Edition size",
  editionSizeHint: (sold: number) =>
    sold > 0 ? `At least ${sold}: ${sold} already sold.` : "How many numbered copies are sold.",
  analysis: "Analysis",
  /** Beside an image whose analysis failed for good: the reason it recorded (round 59c). */
  analysisFailedBecause: (reason: string) => `The analysis failed: ${fullStop(reason)}`,
  /**
   * Why an analysis failed when a file it reads has gone from storage: words a curator can act
   * on, where the storage's own ("The specified key does not exist.") say nothing (round 61).
   */
  analysisFileMissing: {
    original: "its original file is missing from storage",
    medium: "its medium rendition is missing from storage",
  },
  /** The edit page's button that queues the image's analysis again, and what it says after. */
  reanalyse: {
    run: "Re-run analysis",
    queueing: "Queueing...",
    waiting: "Analysing...",
    queued: "The analysis is queued: this page shows its outcome when it is done.",
    done: "The analysis is done: the page shows its new results.",
    failed: "The analysis failed again: the reason is shown above.",
    notQueued: "The analysis could not be queued",
  },
  priceHint: "Empty or 0 keeps the stored price.",
  /** The price field while the edition type chosen takes no price of its own (round 27). */
  priceNotKept: {
    limited_edition: "A limited edition sells at its licence prices: this price is not saved.",
    sawdust_gallery: "A gallery piece is not for sale: this price is not saved.",
  },
  tagsHint: "Separate tags with commas.",
  /**
   * The delete confirmation of a piece with sold editions: a sale keeps the piece's title and
   * edition size once the piece is deleted, and its certificate stays valid (round 27).
   */
  deleteKeepsSales: (sold: number) =>
    sold === 1
      ? "1 edition of this piece was sold. Its sale and certificate are kept, and the certificate stays valid."
      : `${groupDigits(sold)} editions of this piece were sold. Their sales and certificates are kept, and the certificates stay valid.`,
  // Server refusals.
  maxEditionsRequired: "A limited edition needs an edition size of at least 1",
  maxEditionsWhole: "The edition size must be a whole number of copies",
  maxEditionsTooLarge: (max: number) =>
    `The edition size must be at most ${groupDigits(max)} copies`,
  maxEditionsBelowSold: (sold: number) =>
    `The edition size cannot be below the ${sold} ${sold === 1 ? "copy" : "copies"} already sold`,
  oneOfOneAlreadySold: (sold: number) =>
    `A 1/1 has one collector, and ${sold} copies of this piece are already sold: make it a limited edition of at least ${sold}, or an open edition`,
  editionHeld: (sold: number, held: number) =>
    `${held === 1 ? "A buyer is" : `${held} buyers are`} paying for ${held === 1 ? "an edition" : "editions"} of this piece now${sold > 0 ? `, and ${sold} ${sold === 1 ? "is" : "are"} sold` : ""}: the edition cannot be smaller than ${sold + held} until ${held === 1 ? "that checkout ends" : "those checkouts end"} (at most ${EDITION_SALES.reservationMs / 60_000} minutes)`,
  editionHeldOffSale: (held: number) =>
    `${held === 1 ? "A buyer is" : `${held} buyers are`} paying for ${held === 1 ? "an edition" : "editions"} of this piece now: it can be taken off sale once ${held === 1 ? "that checkout ends" : "those checkouts end"} (at most ${EDITION_SALES.reservationMs / 60_000} minutes)`,
  editionNumberSold: (number: number) =>
    `Edition No. ${number} of this piece is sold: the edition cannot be smaller than ${number}`,
  tooManyTags: (max: number) => `An image carries at most ${max} tags`,
  tagTooLong: (max: number) => `A tag must be at most ${max} characters`,
  /** A batch's tags all made of what a tag cannot hold (emoji, punctuation): nothing to add. */
  noTagLeft: "Those tags hold no letters or digits, so there is no tag to add or remove.",
  styleTooLong: (max: number) => `A style must be at most ${max} characters`,
  /**
   * A save of the edit page or the image dialog's Edit details refused (412): another admin or a
   * batch changed the image since its form was opened.
   */
  changedElsewhere:
    "Another administrator changed this image after you began editing it. Nothing was saved: reload the image to see their changes (what you typed stays in the form).",
  reloadImage: "Reload the image",
  imageNotFound: "Image not found",
} as const;
