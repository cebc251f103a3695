import { groupDigits } from "../text.js";

/** The site settings (admin console) and what members see of them. */
export const siteSettings = {
  saved: "Settings saved",
  savedDescription: "Every page uses the new settings from now on.",
  saveFailed: "Failed to save settings",
  loadFailed: "Failed to load settings",
  changedElsewhere:
    "Another administrator saved the settings after this page was opened. Nothing was saved: reload to see their changes.",
  registrationClosed: "Registration is closed on this site.",
  registrationClosedHint: "New accounts cannot be created right now. Members can still sign in.",
  // Validation (the form shows the server's words).
  siteNameRequired: "Site name is required",
  siteNameTooLong: (max: number) => `Site name must be at most ${max} characters`,
  siteNameControl: "Site name cannot contain line breaks or control characters",
  wholeNumber: (field: string, max: number) =>
    `${field} must be a whole number from 0 to ${groupDigits(max)}`,
  bandwidthRange: (max: string) => `Bandwidth a month must be from 0 bytes to ${max}`,
  licencePriceRange: (licence: string, min: string, max: string) =>
    `${licence} licence price must be from ${min} to ${max}`,
  commercialBelowStandard: "The Commercial licence price cannot be below the Standard one",
  editionType: (values: readonly string[]) =>
    `Default edition type must be one of: ${values.join(", ")}`,
} as const;
