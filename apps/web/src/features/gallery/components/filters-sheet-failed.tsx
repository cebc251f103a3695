import { MESSAGES } from "@sawdust/shared";
import { X } from "lucide-react";
import { Component, type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { Button } from "@/components/ui/button";
import { retryFailedLoads } from "@/lib/retrying-lazy";

interface FiltersSheetBoundaryProps {
  children: ReactNode;
  /** Changes with each press of Filters: a drawer whose code failed to load is loaded again. */
  tries: number;
  onError: () => void;
}

/**
 * Keeps a failure to load the drawer's code to the drawer: the page's own boundary would replace
 * the whole gallery with its error screen. (Not the shared ErrorBoundary in silent mode: the
 * toolbar's importing it moved the Button out of the app's entry file into a file of its own,
 * ~260 B gzip more first JavaScript on every public page.)
 */
export class FiltersSheetBoundary extends Component<
  FiltersSheetBoundaryProps,
  { failed: boolean; tries: number }
> {
  override state = { failed: false, tries: this.props.tries };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: FiltersSheetBoundaryProps,
    state: { failed: boolean; tries: number },
  ) {
    if (props.tries === state.tries) return null;
    if (state.failed) retryFailedLoads();
    return { failed: false, tries: props.tries };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
    this.props.onError();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

interface FiltersSheetFailedProps {
  onRetry: () => void;
  onClose: () => void;
}

/**
 * In the Filters drawer's place when its code could not be loaded (offline, the server
 * restarting): says so, with Try again. Part of the toolbar's own code, so it can show when the
 * drawer's cannot; not modal, as nothing traps the focus without that code.
 */
export function FiltersSheetFailed({ onRetry, onClose }: FiltersSheetFailedProps) {
  const titleId = useId();
  const retry = useRef<HTMLButtonElement>(null);
  useEffect(() => retry.current?.focus(), []);
  return createPortal(
    <div
      role="dialog"
      aria-labelledby={titleId}
      className="fixed inset-y-0 right-0 z-50 flex h-full w-[85%] max-w-sm flex-col gap-4 border-l bg-card p-6 shadow-xl"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <h2 id={titleId} className="pr-8 font-display text-xl font-semibold">
        Filters
      </h2>
      <p role="alert" className="text-sm text-muted-foreground">
        {MESSAGES.gallery.filtersFailed}
      </p>
      <Button ref={retry} variant="outline" onClick={onRetry}>
        Try again
      </Button>
      <button
        type="button"
        aria-label="Close filters"
        className="absolute right-4 top-4 rounded-md p-1 text-muted-foreground hover:text-foreground"
        onClick={onClose}
      >
        <X className="size-5" aria-hidden />
      </button>
    </div>,
    document.body,
  );
}
