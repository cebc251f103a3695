import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

/**
 * A paged list's next page, asked for by a button (an admin list's "Load more users"): shown
 * while there is one, spinning and disabled while it loads. `list` is a TanStack infinite query.
 */
export function LoadMoreButton({
  list,
  children,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  children: ReactNode;
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="outline"
      className="mx-auto w-fit"
      onClick={() => void list.fetchNextPage()}
      disabled={list.isFetchingNextPage}
    >
      {list.isFetchingNextPage && (
        <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
      )}
      {children}
    </Button>
  );
}
