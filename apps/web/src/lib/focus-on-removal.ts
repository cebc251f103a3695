const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Before a list item goes with the control that removes it (a chip's or a preview's Remove), hands
 * the keyboard's focus to the same control of the item after it, or of the one before when it was
 * the last, or to `fallback` (where the next item would be added) when the list empties. Without
 * it the pressed control leaves with its item and the focus falls to the page's top (round 44,
 * WCAG 2.4.3). Call it in the control's click handler, before the item is removed; it does
 * nothing when the control did not have the focus.
 */
export function handFocusOnBeforeRemoval(
  control: HTMLElement,
  fallback?: HTMLElement | null,
): void {
  if (document.activeElement !== control) return;
  const item = control.closest("li");
  const neighbour = item?.nextElementSibling ?? item?.previousElementSibling;
  if (item && neighbour) {
    const index = [...item.querySelectorAll<HTMLElement>(FOCUSABLE)].indexOf(control);
    const same = [...neighbour.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const target = same[index] ?? same[0];
    if (target) {
      target.focus();
      return;
    }
  }
  fallback?.focus();
}
