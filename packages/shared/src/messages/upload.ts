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
} as const;
