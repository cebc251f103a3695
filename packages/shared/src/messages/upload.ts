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
} as const;
