export const subscriptions = {
  createFailed: (body: string) => `Failed to create subscription: ${body}`,
  noCheckoutUrl: "No checkout URL returned from server",
  fetchFailed: (body: string) => `Failed to fetch subscription: ${body}`,
  failedTitle: "Subscription Failed",
  errorTitle: "Subscription Error",
  errorText: "There was a problem starting your subscription. Please try again.",

  // The plan page (spec section 2 "Subscriptions").
  proPlan: "Pro Plan",
  freePlan: "Free Plan",
  manageBilling: "Manage Billing",
  upgradeToPro: "Upgrade to Pro",
  notAvailable: "N/A",
  nextBillingDate: "Next billing date",
  billingCycle: "Billing cycle",
  price: "Price",
  cycles: { monthly: "Monthly", yearly: "Yearly" },
  /** Shown before the period's end date instead of the next billing date after a cancel at period end. */
  cancelsOn: "Cancels on",
  endedOn: "Ended on",
  /** While a renewal has failed (past_due): the date the payment fell due. */
  paymentDue: "Payment due since",
  /** The provider's statuses (Stripe's names), as a member reads them. */
  statuses: {
    incomplete: "Incomplete",
    incomplete_expired: "Expired",
    trialing: "Trial",
    active: "Active",
    past_due: "Past due",
    canceled: "Canceled",
    unpaid: "Unpaid",
    paused: "Paused",
  },
  noSubscription: "Free",
  benefitsTitle: "What Pro includes",
  /** Spec section 1: the perks the subscription page lists. */
  benefits: [
    "Unlimited high-resolution downloads, in every size up to 8K",
    "Unlimited collections",
    "Advanced AI image analysis: generation details and similar artwork",
    "Commercial licence with extended usage",
    "Priority support",
  ],
  licenceLink: "Read the commercial licence",

  // Grace after a failed renewal (design section 4).
  pastDueTitle: "Your last payment failed",
  pastDueText: (date: string) =>
    `Update your card by ${date} to keep Pro. After that your account returns to the free plan.`,
  updateCard: "Update card",

  // The return from checkout.
  confirming: "Confirming your payment…",
  confirmingText: "This usually takes a few seconds.",
  confirmDelayedTitle: "Your payment is still being confirmed",
  confirmDelayedText:
    "The payment provider has not confirmed it yet. Your plan switches to Pro as soon as it does, and this page keeps checking. If you were charged and nothing changes within a few minutes, contact support.",
  checkAgain: "Check again",
  welcomeTitle: "Welcome to Pro",
  welcomeText: "Every size of every artwork is yours to download.",
  cancelledText: "Checkout was cancelled. You have not been charged.",

  // The upgrade dialog.
  subscribe: "Subscribe",
  processing: "Processing...",
  saveLabel: (percent: number) => `Save ${percent}%`,
  checkoutOpenTitle: "Checkout is open in a new tab",
  checkoutOpenText:
    "Finish paying there. This window switches to Pro as soon as your payment is confirmed.",
  reopenCheckout: "Open checkout again",

  // Manage Billing.
  portalFailed: (body: string) => `Failed to open billing: ${body}`,
  noPortalUrl: "No billing portal URL returned from server",
  billingErrorTitle: "Billing Error",

  /** The built-in sandbox provider is labelled as such wherever it shows (design section 4). */
  sandboxNotice: "Sandbox billing: test cards only, no real money moves.",

  // The admin list (spec section 2).
  totalSubscribers: "Total Subscribers",
  activePro: "Active Pro Plans",
  monthlyRevenue: "Monthly Revenue",
  columns: {
    user: "User",
    email: "Email",
    plan: "Plan",
    status: "Status",
    startDate: "Start Date",
  },
  listEmpty: "No subscriptions found",
  listFailed: "Failed to load subscriptions",
  loadMore: "Load more",

  // The sandbox clock on the admin list (sandbox mode only).
  clockTitle: "Sandbox clock",
  clockHint:
    "Moves the sandbox's time on: renewals, failed renewals and expiry happen as they fall due.",
  clockDays: "Days",
  clockAdvance: "Advance",
  clockAdvanced: (days: number, delivered: number) =>
    `Moved on ${days} day${days === 1 ? "" : "s"}; ${delivered} webhook event${delivered === 1 ? "" : "s"} delivered.`,
  clockFailed: (body: string) => `Failed to move the clock: ${body}`,
} as const;
