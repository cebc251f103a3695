/**
 * How a named collector is shown to the public (a 1/1's page, the edition lists, its certificate):
 * the member's display name and, always, their username, which is unique and ASCII. A display
 * name is free text and may look like anyone ("@admin", "A former member"); with the username
 * beside it, it cannot pass for someone else. Format characters (bidi overrides, zero-width)
 * are dropped, so no name can reverse or hide what follows it.
 */
export function collectorName(displayName: string | null, username: string): string {
  const shown = displayName?.replace(/\p{Cf}/gu, "").trim();
  return shown ? `${shown} (@${username})` : `@${username}`;
}
