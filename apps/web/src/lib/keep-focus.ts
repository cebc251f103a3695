import { type Ref, useRef } from "react";

/**
 * For a control that is disabled while its own change is saved (Save, Apply, a field submitted
 * with Enter): whether it has the keyboard's focus now, so it can stay enabled in the DOM
 * (`aria-disabled`, its input refused) instead. A focused element the browser disables drops the
 * focus to <body>, and a keyboard user starts again from the top of the page. Read during render:
 * a control disabled while focused keeps the focus from that render on.
 */
export function useFocusKeptWhenDisabled<T extends HTMLElement>(
  disabled: boolean | undefined,
  ref: Ref<T> | undefined,
): { ref: (element: T | null) => void; keepsFocus: boolean } {
  const self = useRef<T | null>(null);
  const keepsFocus =
    disabled === true &&
    typeof document !== "undefined" &&
    self.current !== null &&
    document.activeElement === self.current;
  return {
    keepsFocus,
    ref: (element) => {
      self.current = element;
      if (typeof ref === "function") ref(element);
      else if (ref) ref.current = element;
    },
  };
}
