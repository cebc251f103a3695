import { EARLY_KEY_ATTRIBUTE, MESSAGES } from "@sawdust/shared";
import { Search } from "lucide-react";
import { Suspense, useCallback, useEffect, useState } from "react";
import { ErrorBoundary } from "@/components/layout/error-boundary";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { retryingLazy } from "@/lib/retrying-lazy";

// The palette (cmdk) loads on first use, not with every page.
const loadSearchDialog = () => import("./search-dialog");
const SearchDialog = retryingLazy(
  () => loadSearchDialog(),
  (m) => m.SearchDialog,
);

function useToggleOnCommandK(toggle: () => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key.toLowerCase() === "k" && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        toggle();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [toggle]);
}

/**
 * The Search button, and the palette it opens (also on Ctrl/Cmd-K). When the palette's code cannot
 * load (offline, the server restarting), a toast says so and the page stays; the next try loads
 * it again.
 */
export function SearchPalette() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [tries, setTries] = useState(0);
  const toggle = useCallback(() => {
    setWanted(true);
    setTries((n) => n + 1);
    setOpen((isOpen) => !isOpen);
  }, []);
  useToggleOnCommandK(toggle);

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="h-9 text-muted-foreground max-xl:w-9 max-xl:px-0 xl:w-52 xl:justify-start"
        onPointerEnter={() => void loadSearchDialog()}
        onFocus={() => void loadSearchDialog()}
        onClick={toggle}
        // Ctrl/Cmd-K pressed before the app runs is kept as a click on this button (early-click.ts).
        {...{ [EARLY_KEY_ATTRIBUTE]: "k" }}
      >
        <Search aria-hidden />
        <span className="max-xl:sr-only">Search</span>
        <kbd
          aria-hidden
          className="ml-auto hidden rounded border bg-muted px-1.5 font-sans text-[11px] font-medium xl:inline"
        >
          Ctrl K
        </kbd>
      </Button>
      {wanted && (
        <ErrorBoundary
          resetKey={`search-${tries}`}
          silent
          onError={(error) => {
            setOpen(false);
            toast({
              title: MESSAGES.search.paletteFailed,
              description: error instanceof Error ? error.message : MESSAGES.genericError,
              variant: "destructive",
            });
          }}
        >
          <Suspense fallback={null}>
            <SearchDialog open={open} onOpenChange={setOpen} />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
