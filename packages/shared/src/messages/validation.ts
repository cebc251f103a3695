export const validation = {
  usernameLength: (min: number, max: number) =>
    `Username must be between ${min} and ${max} characters`,
  usernameChars:
    "Username may contain only the letters a–z (without accents), digits, '.', '_' and '-'",
  usernameReserved: "That username is kept for the site itself: please choose another",
  emailInvalid: "Please enter a valid email address",
  passwordShort: (min: number) => `Password must be at least ${min} characters`,
  passwordLong: (max: number) => `Password must be at most ${max} characters`,
  required: (field: string) => `${field} is required`,
  notText: (field: string) => `${field} must be text`,
  /** A one-line field (a title, a name) holding a line break, a tab or another control character. */
  oneLine: (field: string) =>
    `${field} must be one line, without line breaks or control characters`,
  displayNameShort: "Display name must be at least 2 characters",
  displayNameInvisible:
    "Display name must have letters or digits, without hidden characters that reverse or hide text",
  displayNameAt: "Display name cannot start with @: that is how usernames are shown",
  bioLong: "Bio must be less than 500 characters",
  websiteInvalid: "Please enter a valid URL",
  artistStatementLong: "Artist statement must be less than 1000 characters",
  // Profile bounds of ours (the spec names none).
  displayNameLong: (max: number) => `Display name must be at most ${max} characters`,
  socialLinkLong: (max: number) => `A social link must be at most ${max} characters`,
  specialtiesTooMany: (max: number) => `Choose at most ${max} specialties`,
  specialtyLong: (max: number) => `A specialty must be at most ${max} characters`,
  collectionNameRequired: "Please enter a collection name",
  collectionNameEmpty: "Collection name cannot be empty",
  apiKeyNameRequired: "API key name is required",
} as const;
