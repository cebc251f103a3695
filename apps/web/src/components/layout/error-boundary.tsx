import { MESSAGES } from "@sawdust/shared";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { retryFailedLoads } from "@/lib/retrying-lazy";

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changes on navigation: a new page gets a fresh chance to render. */
  resetKey: string;
  /** Shown over the page (a dialog's place) rather than in the page's flow. */
  overlay?: boolean;
  /** Shows nothing at all (a part the page does without, such as notifications). */
  silent?: boolean;
  /** Told of the failure (a silent part can say in a toast what did not work). */
  onError?: (error: unknown) => void;
}

/**
 * Shown when a page fails to render or its code fails to load (say, after a new release, or with
 * the server out of reach): never a blank document. Also around the parts loaded on their own
 * (the detail dialog, notifications, the search palette) and the whole app.
 */
export class ErrorBoundary extends Component<
  ErrorBoundaryProps,
  { error: unknown; resetKey: string }
> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: { error: unknown; resetKey: string },
  ) {
    if (props.resetKey === state.resetKey) return null;
    // Reset after a failure: code that failed to load is fetched again as the children render.
    if (state.error !== null) retryFailedLoads();
    return { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
    this.props.onError?.(error);
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (this.props.silent) return null;
    const message = (
      <section
        role="alert"
        className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center"
      >
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-2 text-muted-foreground">
          {error instanceof Error ? error.message : MESSAGES.genericError}
        </p>
        <Button className="mt-8" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </section>
    );
    return this.props.overlay ? (
      <div className="fixed inset-0 z-50 overflow-y-auto bg-background/95">{message}</div>
    ) : (
      message
    );
  }
}
