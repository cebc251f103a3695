import { type ComponentType, memo, Suspense, useState } from "react";
import { retryingLazy } from "./retrying-lazy";

/**
 * A part of a server-rendered page whose code is not in the page's first JavaScript (issue 20):
 * its code starts loading when the module calling this is evaluated (with its page's code), and
 * React hydrates the part once it is here, leaving the server's HTML in place until then. The
 * part must take props that stay the same while it waits (memoised values, no fresh objects):
 * a new render of a boundary still waiting for its code makes React give up hydrating its HTML
 * and draw it anew (a flash). On a later visit the code is already here: no Suspense round.
 */
export function deferredComponent<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  // The first attempt is already under way; a retry after a failed load starts a new one.
  let first: Promise<M> | undefined = load().then((module) => {
    loaded = pick(module);
    return module;
  });
  // Its failure is the Suspense boundary's to show, when it renders.
  first.catch(() => {});
  const Lazy = retryingLazy(() => {
    const attempt = first ?? load();
    first = undefined;
    return attempt;
  }, pick);
  return memo(function Deferred(props: P) {
    const [Component] = useState(() => loaded ?? Lazy);
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  });
}
