import { useRef } from "react";

/**
 * `run`, ignoring calls while one is still running: a form's submit, which a fast double click
 * sends twice before the busy button has rendered disabled (two registrations, the second one
 * "That username is already taken" over a sign-up that worked; round 25).
 */
export function useOneAtATime<A extends unknown[]>(
  run: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  const running = useRef(false);
  return async (...args: A) => {
    if (running.current) return;
    running.current = true;
    try {
      await run(...args);
    } finally {
      running.current = false;
    }
  };
}
