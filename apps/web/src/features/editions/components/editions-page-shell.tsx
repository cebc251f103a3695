import { MESSAGES } from "@sawdust/shared";
import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { LoadMoreButton } from "@/components/layout/load-more-button";
import { Button } from "@/components/ui/button";
import { useDocumentTitle } from "@/lib/document-title";

interface EditionsPageShellProps {
  eyebrow: string;
  title: string;
  intro: string;
  /** "12 pieces" once the first page has come. */
  countText?: string;
  list: Pick<
    UseInfiniteQueryResult,
    | "isPending"
    | "isError"
    | "error"
    | "refetch"
    | "hasNextPage"
    | "isFetchingNextPage"
    | "fetchNextPage"
  >;
  isEmpty: boolean;
  emptyText: string;
  /** The available / sold filter, under the heading. */
  filter?: ReactNode;
  skeleton: ReactNode;
  children: ReactNode;
}

/**
 * What both edition pages share: the heading, the loading, error and empty states, and the
 * Load More button (a button, not infinite scroll: a buyer keeps their place).
 */
export function EditionsPageShell({
  eyebrow,
  title,
  intro,
  countText,
  list,
  isEmpty,
  emptyText,
  filter,
  skeleton,
  children,
}: EditionsPageShellProps) {
  useDocumentTitle(title);
  const section = useRef<HTMLElement>(null);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2 border-b pb-6">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
            {eyebrow}
          </p>
          <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
            {title}
          </h1>
          <p className="mt-3 text-lg text-muted-foreground">{intro}</p>
        </div>
        <p className="text-sm font-medium text-muted-foreground tabular-nums">
          {countText ?? "\u00a0"}
        </p>
      </header>
      {filter && <div className="mt-6">{filter}</div>}

      <section ref={section} aria-label={title} className={filter ? "mt-6" : "mt-8"}>
        {list.isPending ? (
          <div role="status" aria-label="Loading artwork">
            {skeleton}
          </div>
        ) : list.isError ? (
          <div className="rounded-xl border bg-card px-6 py-12 text-center">
            <h2 className="font-display text-2xl font-semibold">
              {MESSAGES.explore.somethingWrong}
            </h2>
            <p className="mt-2 text-muted-foreground">{list.error?.message}</p>
            <Button className="mt-6" variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : isEmpty ? (
          <p className="rounded-xl border border-dashed bg-card/60 px-6 py-16 text-center text-muted-foreground">
            {emptyText}
          </p>
        ) : (
          <>
            {children}
            {/* Always there: the button moves the focus on when the last page has come. */}
            <div className="mt-10 flex justify-center empty:hidden">
              <LoadMoreButton list={list} size="lg" items={section}>
                {list.isFetchingNextPage ? "Loading…" : "Load More"}
              </LoadMoreButton>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
