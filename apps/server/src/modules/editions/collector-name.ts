import { withoutHiddenFormatting } from "@sawdust/shared";

/**
 * How a named collector is shown to the public (a 1/1's page, the edition lists, its certificate):
 * the member's display name and, always, their username, which is unique and ASCII. A display
 * name is free text and may look like anyone ("@admin", "A former member"); with the username
 * beside it, it cannot pass for someone else. Hidden format characters (bidi overrides,
 * zero-width spaces) are dropped, so no name can reverse or hide what follows it; the joiners
 * that spell emoji and some scripts stay.
 */
export function collectorName(displayName: string | null, username: string): string {
  const shown = displayName ? withoutHiddenFormatting(displayName).trim() : undefined;
  return shown ? `${shown} (@${username})` : `@${username}`;
}
