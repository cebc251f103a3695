/** The admin's upload page. */
export const upload = {
  uploadFailed: "Upload Failed",
  uploadUnknown: "Unknown error",
  uploadErrorFallback: "An error occurred during upload",
  filesTooLarge: "Files too large",
  filesTooLargeDescription: (n: number) => `${n} file(s) exceed the 50MB size limit`,
  invalidFileType: "Invalid file type",
  invalidFileTypeDescription: (name: string) => `${name} is not an image file`,
  noFilesSelected: "No files selected",
  noFilesSelectedDescription: "Please select images to upload",
  uploadedOne: "Image uploaded successfully",
  uploadedMany: (n: number) => `Successfully uploaded ${n} images`,
  // Ours: a batch in which some images were refused (each file is tried; the spec shows none).
  uploadSummary: (uploaded: number, failed: number) => `${uploaded} uploaded, ${failed} failed`,
  failedFile: (name: string, reason: string) => `${name}: ${reason}`,
  failuresMarked: "Each image marked Not uploaded says why.",
  /**
   * Beside the upload button while chosen files were refused for what they are (damaged, too
   * small, not an image): they are not sent again, since they would be refused the same way.
   */
  refusedNotSentAgain: (n: number) =>
    n === 1
      ? "1 image was refused for what it is and is not sent again: remove it, or fix the file and choose it anew."
      : `${n} images were refused for what they are and are not sent again: remove them, or fix the files and choose them anew.`,
  /** Upload pressed with only such refused files chosen. */
  onlyRefusedLeft: "The images still chosen were refused for what they are: choose other images",
} as const;
