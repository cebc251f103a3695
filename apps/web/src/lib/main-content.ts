/**
 * The page's main region: where "Skip to content" leads, and where keyboard focus lands when
 * whatever had it is gone from the page. Every layout's `<main>` carries this id and
 * `tabIndex={-1}` (focusable by script, never a Tab stop).
 */
export const MAIN_CONTENT_ID = "main-content";

/** Moves focus to the main region; false when the page has none. */
export function focusMainContent(options?: FocusOptions): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return false;
  main.focus(options);
  return true;
}
