import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { replayEarlyClick } from "@/app/early-click";
import { AppProvider } from "@/app/provider";
import { AppRouter } from "@/app/router";
import { hydrateServerState } from "@/app/server-state";
import { watchSessionElsewhere } from "@/lib/api/get-current-user";
import { createQueryClient } from "@/lib/query-client";
import "./styles.css";

const RELOADED_FOR_NEW_RELEASE = "sawdust.reloadedForNewRelease";
const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("no #root");

/**
 * An image opened over a page of the app keeps that page in its history entry (lib/detail-route),
 * and a reload keeps the entry. The server rendered the image's own page (the gallery under its
 * detail), so the app takes over that page rather than the one the entry remembers: otherwise
 * React finds other markup than it would render and throws the server's away.
 */
function forgetPageUnderDetail(): void {
  const state = window.history.state as { usr?: { background?: unknown } } | null;
  if (!state?.usr?.background) return;
  const { background: _, ...usr } = state.usr;
  window.history.replaceState({ ...state, usr }, "");
}

/**
 * A screen's code that will not load: the screen says so (with a way to reload), and if its file
 * is gone from a server that answers (a new release replaced the build, its files named by their
 * content), the page reloads, once a minute at most, and gets the new release with the screen
 * asked for. A server out of reach is left alone: reloading would trade the page for the browser's
 * own error. Offline, the screen loads again on the next try (retryingLazy).
 */
window.addEventListener("vite:preloadError", (event) => {
  const url = /https?:\/\/\S+\.(?:js|css)/.exec(
    String((event as { payload?: unknown }).payload),
  )?.[0];
  if (!url || !navigator.onLine) return;
  void fetch(url, { method: "HEAD", cache: "no-store" }).then(
    (response) => {
      if (response.status !== 404) return;
      const last = Number(sessionStorage.getItem(RELOADED_FOR_NEW_RELEASE) ?? 0);
      if (Date.now() - last < 60_000) return;
      sessionStorage.setItem(RELOADED_FOR_NEW_RELEASE, String(Date.now()));
      window.location.reload();
    },
    () => {},
  );
});

const queryClient = createQueryClient();
watchSessionElsewhere(queryClient);
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <AppRouter />
    </AppProvider>
  </StrictMode>
);

// The server renders the gallery's first view for visitors (entry-server.tsx): take it over as it
// is. Any other page arrives empty and is rendered here.
if (hydrateServerState(queryClient) && rootElement.firstElementChild) {
  forgetPageUnderDetail();
  hydrateRoot(rootElement, app);
  replayEarlyClick();
} else {
  rootElement.replaceChildren();
  createRoot(rootElement).render(app);
}
