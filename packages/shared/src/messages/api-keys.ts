export const apiKeys = {
  fetchFailed: (statusText: string) => `Error fetching API keys: ${statusText}`,
  createFailed: (statusText: string) => `Error creating API key: ${statusText}`,
  revokeFailed: (statusText: string) => `Error revoking API key: ${statusText}`,
  createErrorTitle: "Error Creating API Key",
  revokeErrorTitle: "Error Revoking API Key",
  shownOnce: "Important: This key will only be shown once. Make sure to save it somewhere secure.",
  created: "API Key Created",
  revoked: "API Key Revoked",
  copied: "API Key Copied",
  neverUsed: "Never used",
  // Said by the marketing API to partners' programs.
  centsOverMaximum: (name: string, maximum: string) =>
    `${name} is over the maximum: give at most ${maximum} cents`,
  noImageId: (path: string, listPath: string) =>
    `Not found: GET ${path} names no image: the list is at ${listPath}, an image at ${listPath}/{id}`,
  moreThanKey:
    "The Authorization header holds more than the key: send 'Authorization: Bearer sdk_…' with nothing after the key",
} as const;
