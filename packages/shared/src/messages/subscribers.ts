import { groupDigits } from "../text.js";

export const subscribers = {
  loadFailed: "Failed to load subscribers",
  empty: "No subscribers found",
  /** Inline, under the page title, with the failure's own text. */
  loadFailedInline: (message: string) => `Error loading subscribers: ${message}`,
  /** The Plan column for a member who never subscribed. */
  freePlan: "FREE",
  downloadsThisMonth: (count: number) => `${groupDigits(count)} this month`,
  columns: {
    username: "Username",
    email: "Email",
    role: "Role",
    plan: "Plan",
    status: "Status",
    downloads: "Downloads",
    memberSince: "Member Since",
  },
} as const;
