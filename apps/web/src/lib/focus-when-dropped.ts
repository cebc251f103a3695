import { type RefObject, useEffect } from "react";

/**
 * Brings the keyboard's focus to `target` when it mounts if the control that had the focus has
 * gone (the focus fell to `<body>`): for what replaces a pressed button, such as a confirmation's
 * answer or the recovery codes a form's submit brings. A keyboard or screen reader user is then
 * where the answer is, not at the top of the page.
 */
export function useFocusWhenDropped(target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) target.current?.focus();
  }, [target]);
}
