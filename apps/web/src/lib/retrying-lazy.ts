import { type ComponentProps, type ComponentType, createElement, lazy } from "react";

/**
 * A component whose code loads when it is first rendered, and loads again when that failed (the
 * network was down, the server restarting): React's own `lazy` keeps a failed load for good, so a
 * screen that once failed stayed broken until the page was reloaded. After a failure the next
 * render (the error boundary reset by the next navigation) tries a fresh load.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy takes.
export function retryingLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): C {
  const attempt = (): Promise<{ default: C }> =>
    load().catch((error: unknown) => {
      current = lazy(attempt);
      throw error;
    });
  let current = lazy(attempt);
  function Retrying(props: ComponentProps<C>) {
    return createElement(current as ComponentType<ComponentProps<C>>, props);
  }
  return Retrying as unknown as C;
}
