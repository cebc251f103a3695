import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { ErrorBoundary } from "@/components/layout/error-boundary";
import { onToastRaised, whenFirstToast } from "@/hooks/use-toast";
import { createQueryClient } from "@/lib/query-client";
import { retryingLazy } from "@/lib/retrying-lazy";

// Radix Toast is not needed to paint a page: it loads with the first notification, or once the
// browser is idle.
const loadToaster = () => import("@/components/ui/toaster");
const Toaster = retryingLazy(
  () => loadToaster(),
  (m) => m.Toaster,
);
const IDLE_LOAD_MS = 5000;

function DeferredToaster() {
  const [wanted, setWanted] = useState(false);
  // Its code failed to load (the network down a moment): the next toast tries again, rather than
  // every later toast of the tab being lost.
  const [raised, setRaised] = useState(0);
  useEffect(() => onToastRaised(() => setRaised((n) => n + 1)), []);
  useEffect(() => {
    if (wanted) return;
    const timer = setTimeout(() => setWanted(true), IDLE_LOAD_MS);
    const unsubscribe = whenFirstToast(() => setWanted(true));
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [wanted]);
  // Its code out of reach (the server restarting, a new release): the page goes on without it.
  return wanted ? (
    <ErrorBoundary resetKey={`toaster-${raised}`} silent>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </ErrorBoundary>
  ) : null;
}

interface AppProviderProps {
  children: ReactNode;
  /** A client already holding data (the server render's, or the state it sent with the page). */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient: given }: AppProviderProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ErrorBoundary resetKey="app">{children}</ErrorBoundary>
      <DeferredToaster />
    </QueryClientProvider>
  );
}
