/** The performance mark set as the app begins to take a rendered page over. */
export const TAKE_OVER_MARK = "sawdust:take-over";

/** The longest that taking a rendered page over waits for the page's first picture. */
const FIRST_PICTURE_WAIT_MS = 3000;

/**
 * Resolves once the server-rendered page's first picture (the one it fetches at high priority:
 * a share page's artwork, a list's first tile) has loaded and a frame has shown it, or after
 * FIRST_PICTURE_WAIT_MS. Hydrating is the page's longest task: begun before that frame, it kept
 * the picture off the screen until it ended (issue 20: most of the public pages' LCP was this
 * render delay). A click meanwhile is kept by the page's inline script and replayed once React
 * has hydrated its button (early-click.ts).
 */
export function afterFirstPicture(root: HTMLElement): Promise<void> {
  const picture = root.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  const loaded =
    !picture || picture.complete
      ? Promise.resolve()
      : new Promise<void>((done) => {
          picture.addEventListener("load", () => done(), { once: true });
          picture.addEventListener("error", () => done(), { once: true });
          setTimeout(done, FIRST_PICTURE_WAIT_MS);
        });
  // A frame's callbacks run before its paint; a task queued from one runs after it.
  return loaded.then(
    () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))),
  );
}
