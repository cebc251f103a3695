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
} as const;
