export const images = {
  fetchFailed: (body: string) => `Failed to fetch images: ${body}`,
  errorTitle: "Error",
  updateFailed: "Failed to update image",
  deleteFailed: "Failed to delete image",
  loadFailed: "Failed to load image",
  empty: "No images found – Try adjusting your search or filters",
  deleted: "Image deleted successfully",
  deletedTitle: "Image Deleted",
  deletedDescription: "The image has been successfully removed from the catalog.",
  updated: "Image updated successfully",
  noTags: "No tags found",
  adminDeleteConfirmTitle: "Are you sure?",
  adminDeleteConfirmText:
    "This action cannot be undone. This will permanently delete the image and remove all associated data.",
  notFoundTitle: "Image not found",
  notFoundText:
    "The image you're looking for doesn't exist or you don't have permission to edit it.",
} as const;
