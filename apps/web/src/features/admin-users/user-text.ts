import { type AdminUser, groupDigits, MESSAGES } from "@sawdust/shared";
import { isApiRequestError } from "@/lib/api-client";

/** 'PRO', 'PRO PLUS', or 'FREE' when no subscription carries Pro. */
export function planLabel(user: Pick<AdminUser, "tier">): string {
  return user.tier === "free" ? "FREE" : user.tier.replace("_", " ").toUpperCase();
}

/** "1 download", "1,200 downloads". */
export function downloadsText(count: number): string {
  return `${groupDigits(count)} ${count === 1 ? "download" : "downloads"}`;
}

/** What went wrong, in the server's words when it gave some. */
export function failureText(error: unknown): string {
  if (isApiRequestError(error)) return error.status >= 500 ? error.message : error.body;
  return error instanceof Error && error.message ? error.message : MESSAGES.genericError;
}
