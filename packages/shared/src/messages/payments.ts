/** What the billing API says: checkout, portal, the sandbox and its test cards (server messages). */
export const payments = {
  alreadySubscribed:
    "You already have an active Pro subscription. Use Manage Billing to change or cancel it.",
  /** The provider holds a subscription of the member's that Sawdust does not show as Pro yet. */
  subscriptionOpen:
    "A Pro subscription of yours is still being set up or is waiting for a payment. Open Manage Billing to see it, or try again in a minute.",
  noBillingAccount: "You have no billing account yet. Subscribe to Pro first.",
  /** A plan or sale made through a payment provider the site no longer uses (sandbox → Stripe). */
  otherProvider: (provider: string) =>
    `This was paid through ${provider === "sandbox" ? "the payment sandbox" : provider}, which this site no longer uses, so it cannot be managed from here. Please ask the site's administrators.`,
  /** The payment provider refused or failed a call that was not about the member's card. */
  providerUnavailable:
    "Payments are not available right now, so nothing was done. Please try again in a few minutes; if it keeps happening, tell the site's administrators.",
  invalidSignature: "The webhook signature is missing, invalid or too old",
  notAnEvent: "The webhook body is not a payment provider event",
  adminOnlyClock: "Only admins can move the sandbox clock",
  sandboxOff: "The sandbox is off: this site takes payments through Stripe",
  checkoutNotFound: "No such checkout",
  paymentNotFound: "No such payment",
  checkoutNotYours: "This checkout belongs to another account",
  checkoutExpired: "This checkout has expired. Start again from your plan page.",
  /** An edition's checkout: the buyer starts again from the piece, not from the plan page. */
  editionCheckoutExpired: "This checkout has expired. Start again from the piece's page.",
  checkoutComplete: "This checkout is already paid",
  portalNotFound: "No such billing session",
  portalNotYours: "This billing session belongs to another account",
  portalExpired: "This billing session has expired. Open Manage Billing again.",
  cardDeclined: "Your card was declined.",
  cardExpired: "Your card has expired.",
  unknownCard: (cards: string) => `This is a sandbox: use one of its test cards (${cards}).`,
  noSubscription: "There is no subscription to change",
  subscriptionEnded: "This subscription has ended. Subscribe again from your plan page.",
  planName: "Sawdust Pro",
  similarNeedsPro: "Similar artwork is a Pro feature. Upgrade to Pro to see more like this.",
} as const;
