import { type ComponentProps, type ComponentType, createElement, lazy } from "react";

/** The failed loads, each ready to be tried afresh (retryFailedLoads). */
const failed = new Set<() => void>();

/**
 * A component whose code loads when it is first rendered, and loads again once an error boundary
 * has shown its failure and is reset (retryFailedLoads: the next navigation, the next toast).
 * React's own `lazy` keeps a failed load for good, so a screen that once failed to load (the
 * network down a moment, the server restarting) stayed broken until the page was reloaded.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy takes.
export function retryingLazy<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): C {
  const attempt = (): Promise<{ default: C }> =>
    load().catch((error: unknown) => {
      failed.add(() => {
        current = lazy(attempt);
      });
      throw error;
    });
  let current = lazy(attempt);
  function Retrying(props: ComponentProps<C>) {
    return createElement(current as ComponentType<ComponentProps<C>>, props);
  }
  return Retrying as unknown as C;
}

/**
 * Makes every component whose code failed to load try again when next rendered: called by an
 * error boundary as it resets, before it renders its children again.
 */
export function retryFailedLoads(): void {
  for (const renew of failed) renew();
  failed.clear();
}
