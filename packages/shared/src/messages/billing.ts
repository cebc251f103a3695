/**
 * The web app's texts for the built-in sandbox's own pages (checkout, billing portal). What the
 * billing API itself says is in ./payments.ts (MESSAGES.payments).
 */
export const billing = {
  sandboxTitle: "Sandbox",
  sandboxBanner:
    "Sawdust's built-in payment sandbox: test cards only. No real money moves and no card is charged.",
  testCardsTitle: "Test cards",
  testCardsHint: "Any future expiry date (MM/YY) and any 3-digit CVC.",
  useCard: "Use",
  pay: (price: string) => `Pay ${price}`,
  paying: "Paying...",
  cancelCheckout: "Cancel and return to Sawdust",
  checkoutLoadFailed: "Failed to load this checkout",
  checkoutComplete: "This checkout is already paid.",
  checkoutExpired: "This checkout has expired. Start again from Sawdust.",
  payFailed: (body: string) => `Payment failed: ${body}`,
  continueToSawdust: "Continue to Sawdust",

  portalTitle: "Billing portal",
  portalLoadFailed: "Failed to load the billing portal",
  returnToSawdust: "Return to Sawdust",
  cancelAtPeriodEnd: "Cancel plan",
  cancelQuestion: "Cancel your Pro plan?",
  keepPlan: "Keep plan",
  cancelExplained: (date: string) =>
    `Your plan stays Pro until ${date}, then returns to free. You can resume it until then.`,
  resume: "Resume plan",
  switchTo: (cycle: string) => `Switch to ${cycle.toLowerCase()} billing`,
  switchScheduled: (cycle: string, date: string) =>
    `Switches to ${cycle.toLowerCase()} billing on ${date}, at the next renewal.`,
  keepCycle: (cycle: string) => `Keep ${cycle.toLowerCase()} billing`,
  updateCard: "Update card",
  cardOnFile: (last4: string) => `Card ending in ${last4}`,
  noCard: "No card on file",
  cardUpdated: "Card updated",
  subscriptionUpdated: "Subscription updated",
  invoicesTitle: "Invoices",
  noInvoices: "No invoices yet",
  actionFailed: (body: string) => `The change failed: ${body}`,
  noSubscription: "There is no subscription on this account.",
  signInNeeded: "Sign in to Sawdust to see this page.",
  sandboxTime: (date: string) => `Sandbox time: ${date}`,
} as const;
