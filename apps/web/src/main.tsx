import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { replayEarlyClick } from "@/app/early-click";
import { AppProvider } from "@/app/provider";
import { AppRouter } from "@/app/router";
import { hydrateServerState } from "@/app/server-state";
import { createQueryClient } from "@/lib/query-client";
import "./styles.css";

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

const queryClient = createQueryClient();
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
  hydrateRoot(rootElement, app);
  replayEarlyClick();
} else {
  rootElement.replaceChildren();
  createRoot(rootElement).render(app);
}
