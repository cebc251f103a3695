export const collections = {
  addFailed: "Failed to add image to collection",
  deleteFailed: "Failed to delete collection. Please try again.",
  updateFailed: "Failed to update collection. Please try again.",
  createFailed: "Failed to create collection",
  removeImageFailed: "Failed to remove image. Please try again.",
  listErrorTitle: "Error Loading Collections",
  listErrorText: "Failed to load collections. Please try again later.",
  notFoundTitle: "Collection not found",
  notFoundText:
    "The collection you're looking for doesn't exist or you don't have permission to view it.",
  pickerEmpty: "You don't have any collections yet. Create one first.",
  pickerSignedOut: "Please sign in to add images to collections",
  empty: "No images yet",
  removeTitle: "Remove Image",
  removeText: "Are you sure you want to remove this image from the collection?",
  imageAdded: "Image added to collection",
  /** Ours: adding an image that the collection already holds (the server answers 200, not 201). */
  imageAlreadyAdded: "Image is already in this collection",
  /** Ours: the picker's mark on a collection that holds the image. */
  holdsImage: "holds this image",
  deleted: "Collection deleted",
  updated: "Collection updated",
  created: "Collection created successfully",
  imageRemoved: "Image removed",
  // Server messages (ours; the spec shows none).
  limitReached: (n: number) =>
    `Free accounts can keep up to ${n} collections. Upgrade to Pro for unlimited collections.`,
  imageNotFound: "That image does not exist or is not public",
  full: (max: number) => `A collection can hold up to ${max} images`,
  nameTooLong: (max: number) => `Collection name must be at most ${max} characters`,
  descriptionTooLong: (max: number) => `Description must be at most ${max} characters`,
} as const;
