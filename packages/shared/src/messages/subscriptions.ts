export const subscriptions = {
  createFailed: (body: string) => `Failed to create subscription: ${body}`,
  noCheckoutUrl: "No checkout URL returned from server",
  fetchFailed: (body: string) => `Failed to fetch subscription: ${body}`,
  failedTitle: "Subscription Failed",
  errorTitle: "Subscription Error",
  errorText: "There was a problem starting your subscription. Please try again.",
} as const;
