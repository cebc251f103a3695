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
if (!rootElement) throw new Error("index.html has no #root element");

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
 * A screen's code that will not load while the network is up is code a new release replaced (its
 * files are named by content): the page reloads, once a minute at most, and gets the new release
 * with the screen asked for. Offline, the screen says it failed and loads again on the next try
 * (retryingLazy).
 */
window.addEventListener("vite:preloadError", (event) => {
  if (!navigator.onLine) return;
  const last = Number(sessionStorage.getItem(RELOADED_FOR_NEW_RELEASE) ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem(RELOADED_FOR_NEW_RELEASE, String(Date.now()));
  event.preventDefault();
  window.location.reload();
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
