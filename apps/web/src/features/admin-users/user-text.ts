import { type AdminUser, groupDigits } from "@sawdust/shared";

/** 'PRO', 'PRO PLUS', or 'FREE' when no subscription carries Pro. */
export function planLabel(user: Pick<AdminUser, "tier">): string {
  return user.tier === "free" ? "FREE" : user.tier.replace("_", " ").toUpperCase();
}

/** "1 download", "1,200 downloads". */
export function downloadsText(count: number): string {
  return `${groupDigits(count)} ${count === 1 ? "download" : "downloads"}`;
}
