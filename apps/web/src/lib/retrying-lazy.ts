import { type ComponentProps, type ComponentType, createElement, lazy } from "react";

/** The failed loads, each ready to be tried afresh (retryFailedLoads). */
const failed = new Set<() => void>();

/** The file a failed `import()` names ("Failed to fetch dynamically imported module: <url>"). */
function failedFileOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof window === "undefined") return undefined;
  const url = /https?:\/\/[^\s'"]+?\.js\b/.exec(error.message)?.[0];
  return url?.startsWith(`${window.location.origin}/`) ? url : undefined;
}

/**
 * A component whose code loads when it is first rendered, and loads again once an error boundary
 * has shown its failure and is reset (retryFailedLoads: the next navigation, the next toast).
 * React's own `lazy` keeps a failed load for good, so a screen that once failed to load (the
 * network down a moment, the server restarting) stayed broken until the page was reloaded. A
 * browser may keep a failed file's address failed as well (Chromium 150 does): the next try asks
 * for the file the failure named under a new address (`?retry=1`), and `pick` finds the component
 * in what comes back; a failure that names no file is tried as it was.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props of any component, as React.lazy takes.
export function retryingLazy<M, C extends ComponentType<any>>(
  load: () => Promise<M>,
  pick: (module: M) => C,
): C {
  let failedFile: string | undefined;
  let retries = 0;
  const attempt = async (): Promise<{ default: C }> => {
    try {
      const module = failedFile
        ? ((await import(/* @vite-ignore */ `${failedFile}?retry=${++retries}`)) as M)
        : await load();
      const component = pick(module);
      // The failure named a file the component's module needs, not the module itself.
      if (component === undefined) throw new Error(`Could not load ${failedFile ?? "a screen"}`);
      return { default: component };
    } catch (error) {
      failedFile ??= failedFileOf(error);
      failed.add(() => {
        current = lazy(attempt);
      });
      throw error;
    }
  };
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
