import { EARLY_CLICK_KEY } from "@sawdust/shared";

/** How long a kept click waits for its button to be hydrated before it is given up. */
const REPLAY_WITHIN_MS = 10_000;

/** Whether React has hydrated this element: it keeps the element's props on it. */
const hydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith("__reactProps"));

/**
 * Presses a button as the visitor did: a menu's trigger (Radix opens it on a primary pointer's
 * press, and a click alone does nothing) gets that press, any other button a click.
 */
function press(button: HTMLElement) {
  if (button.getAttribute("aria-haspopup") === "menu") {
    button.dispatchEvent(
      new PointerEvent("pointerdown", {
        bubbles: true,
        cancelable: true,
        button: 0,
        isPrimary: true,
        pointerType: "mouse",
      }),
    );
  } else button.click();
}

/**
 * Clicks again the button a visitor clicked on the server's page before the app had taken it
 * over (kept by the page's inline script, EARLY_CLICK_SCRIPT in @sawdust/shared), once React has
 * hydrated that button: a click that reaches a part still waiting for its code is dropped by
 * React. A button the hydration replaced (it no longer is in the page) is not clicked, nor one
 * still not hydrated after REPLAY_WITHIN_MS.
 */
export function replayEarlyClick(): void {
  const holder = window as unknown as Record<string, unknown>;
  const button = holder[EARLY_CLICK_KEY];
  delete holder[EARLY_CLICK_KEY];
  if (!(button instanceof HTMLElement)) return;
  const until = performance.now() + REPLAY_WITHIN_MS;
  const attempt = () => {
    if (!button.isConnected || performance.now() > until) return;
    if (hydrated(button)) press(button);
    else requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
