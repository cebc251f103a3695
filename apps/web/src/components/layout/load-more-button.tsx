import { LoaderCircle } from "lucide-react";
import { type ReactNode, type RefObject, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";

/**
 * A paged list's next page, asked for by a button (an admin list's "Load more users", an edition
 * page's "Load More"): shown while there is one, spinning while it loads. `list` is a TanStack
 * infinite query.
 *
 * The button keeps the keyboard's focus while the page loads (aria-disabled, not disabled: a
 * disabled button drops it to the page's top). When the last page arrives the button goes, and
 * the focus it had goes to the first link the page brought into `items` (the list's container),
 * where the person's next Tab was heading, instead of back to the top of the page. A list whose
 * rows hold buttons rather than links (the audit log's filters) says `reach="controls"`: links
 * and buttons, only those shown at this width. Links alone stay the default: an edition page's
 * cards hold buttons (Buy) after their links, and its focus belongs on the next card's link.
 */
export function LoadMoreButton({
  list,
  children,
  size,
  items,
  reach = "links",
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  children: ReactNode;
  size?: "default" | "lg";
  items?: RefObject<HTMLElement | null>;
  reach?: "links" | "controls";
}) {
  const button = useRef<HTMLButtonElement>(null);
  /** How many links `items` held when the focused button asked for the next page. */
  const linksBefore = useRef<number | null>(null);
  const last = !list.hasNextPage;
  useEffect(() => {
    if (!last || linksBefore.current === null) return;
    const first = reachableIn(items?.current, reach)[linksBefore.current];
    linksBefore.current = null;
    first?.focus();
  }, [last, items, reach]);
  if (last) return null;
  const loading = list.isFetchingNextPage;
  return (
    <Button
      ref={button}
      variant="outline"
      size={size}
      className="mx-auto w-fit aria-disabled:opacity-60"
      aria-disabled={loading || undefined}
      onClick={() => {
        if (loading) return;
        const focused = document.activeElement === button.current;
        linksBefore.current =
          focused && items?.current ? reachableIn(items.current, reach).length : null;
        void list.fetchNextPage();
      }}
    >
      {loading && <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />}
      {children}
    </Button>
  );
}

/** What of `root` takes the focus handed on: its links, or its links and buttons shown. */
function reachableIn(
  root: HTMLElement | null | undefined,
  reach: "links" | "controls",
): HTMLElement[] {
  if (!root) return [];
  if (reach === "links") return [...root.querySelectorAll<HTMLElement>("a[href]")];
  return [...root.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")].filter(
    (element) => element.getClientRects().length > 0,
  );
}
