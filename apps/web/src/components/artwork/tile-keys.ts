import type { KeyboardEvent } from "react";

/**
 * A tile is one stop of the Tab key: its first link or button is the stop, and the tile's other
 * actions (tag chips, remove) carry tabIndex -1 and are reached with the left and right arrows.
 * Up and down stay with the page, which they scroll.
 */
export function moveWithinTile(event: KeyboardEvent<HTMLElement>): void {
  const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
  if (step === 0 || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  // Only what is shown: a narrow tile hides some of its chips.
  const stops = [
    ...event.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not(:disabled)"),
  ].filter((element) => element.getClientRects().length > 0);
  const at = stops.indexOf(event.target as HTMLElement);
  const next = at === -1 ? undefined : stops[at + step];
  if (!next) return;
  event.preventDefault();
  next.focus();
}
