export const dashboard = {
  upgradeToPro: "Upgrade to Pro",
  resetsOn: (date: string) => `Resets on ${date}`,
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
