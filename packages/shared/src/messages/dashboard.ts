export const dashboard = {
  upgradeToPro: "Upgrade to Pro",
  // The month is UTC's: a member west of Greenwich sees the reset on the evening before.
  resetsOn: (date: string) => `Resets on ${date} at 00:00 UTC`,
  comingSoon: ["Advanced Analytics Dashboard", "Download History", "AI Style Presets"],
  tiles: {
    artistProfile: "Artist Profile",
    subscriptions: "Subscription Management",
    images: "Image Management",
    subscribers: "Subscriber Management",
  },
  // Ours: the spec's month-over-month figure was a placeholder (design section 4).
  unlimited: "Unlimited",
  noDownloadsLastMonth: "No downloads last month",
  sameAsLastMonth: "Same as last month",
  changeFromLastMonth: (percent: number) => `${percent > 0 ? "+" : ""}${percent}% from last month`,
  usageLoadFailed: "Failed to load your usage. Please try again.",
  /** The greeting in a member's first day, and afterwards. */
  welcomeNew: (name: string) => `Welcome, ${name}`,
  welcomeBack: (name: string) => `Welcome back, ${name}`,
} as const;
