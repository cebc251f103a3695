import { MESSAGES } from "@sawdust/shared";

/** This month's downloads against last month's, in words. */
export function monthOverMonthText(changePercent: number | null): string {
  if (changePercent === null) return MESSAGES.dashboard.noDownloadsLastMonth;
  if (changePercent === 0) return MESSAGES.dashboard.sameAsLastMonth;
  return MESSAGES.dashboard.changeFromLastMonth(changePercent);
}

const NEW_MEMBER_MS = 24 * 60 * 60 * 1000;

/** "Welcome" in a member's first day, "Welcome back" afterwards (and when the date is unreadable). */
export function greeting(name: string, createdAt: string, now = Date.now()): string {
  const joined = Date.parse(createdAt);
  const isNew = Number.isFinite(joined) && now - joined < NEW_MEMBER_MS;
  return isNew ? MESSAGES.dashboard.welcomeNew(name) : MESSAGES.dashboard.welcomeBack(name);
}

/** How full a limited figure is, 0–100. */
export function percentUsed(used: number, limit: number): number {
  return limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
}
