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
 * where the person's next Tab was heading, instead of back to the top of the page.
 */
export function LoadMoreButton({
  list,
  children,
  size,
  items,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  children: ReactNode;
  size?: "default" | "lg";
  items?: RefObject<HTMLElement | null>;
}) {
  const button = useRef<HTMLButtonElement>(null);
  /** How many links `items` held when the focused button asked for the next page. */
  const linksBefore = useRef<number | null>(null);
  const last = !list.hasNextPage;
  useEffect(() => {
    if (!last || linksBefore.current === null) return;
    const first = items?.current?.querySelectorAll<HTMLElement>("a[href]")[linksBefore.current];
    linksBefore.current = null;
    first?.focus();
  }, [last, items]);
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
        linksBefore.current = focused
          ? (items?.current?.querySelectorAll("a[href]").length ?? null)
          : null;
        void list.fetchNextPage();
      }}
    >
      {loading && <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />}
      {children}
    </Button>
  );
}
