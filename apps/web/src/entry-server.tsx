/**
 * The server render of a public page for visitors (/, /gallery, /image/{id}, /explore, /tag/{tag},
 * /one-of-one, /open-editions). The API server imports the build of this file
 * (dist/ssr/entry-server.js) and hands it the page's URL, the site's settings and a way to call its
 * own API as a visitor. The page's components say what they need: a first render records their
 * queries, the server answers them, and the page is rendered again with its data, until nothing is
 * missing. The page then paints before the app's code has run; the app hydrates it with the same
 * data, sent along as JSON (a data block, which the Content-Security-Policy allows, unlike an
 * inline script).
 */
import type { SiteSettings } from "@sawdust/shared";
import { dehydrate, type Query, type QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import { SERVER_STATE_ELEMENT_ID } from "@/app/server-state";
import { currentUserQueryOptions } from "@/lib/api/get-current-user";
import { siteQueryOptions } from "@/lib/api/get-site";
import { setApiTransport } from "@/lib/api-client";
import { createQueryClient } from "@/lib/query-client";

export interface PageRequest {
  /** The page's path and query, e.g. "/gallery?tag=forest". */
  url: string;
  /** The site's settings (its name in the header, the free tier's figures). */
  site: SiteSettings;
  /** The server's API, answering as it answers a visitor (no session). */
  fetchApi: typeof fetch;
}

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** A `<script type="application/json">` element holding the data the app hydrates with. */
  stateScript: string;
}

/** Renders after which a page still missing data is not rendered (its data depends on data). */
const MAX_PASSES = 4;

export async function renderPage(request: PageRequest): Promise<RenderedPage> {
  setApiTransport(request.fetchApi);
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteQueryOptions.queryKey, request.site);
  // Rendered for visitors only: the server sends signed-in members the app without this render.
  queryClient.setQueryData(currentUserQueryOptions.queryKey, null);

  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    const html = await renderOnce(queryClient, request.url);
    const missing = queryClient.getQueryCache().getAll().filter(isWanted);
    if (missing.length === 0) {
      // `<` escaped: the JSON cannot close its script element, whatever the titles say.
      const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, "\\u003c");
      return {
        html,
        stateScript: `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${state}</script>`,
      };
    }
    // A query the server cannot answer makes the page the browser's to render: the render fails.
    await Promise.all(missing.map((query) => query.fetch()));
  }
  throw new Error(`${request.url}: still missing data after ${MAX_PASSES} renders`);
}

/** A query the page asked for, may run now, and has no data yet. */
function isWanted(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  const runs = typeof enabled === "function" ? enabled(query) : enabled !== false;
  return runs && query.state.data === undefined;
}

async function renderOnce(queryClient: QueryClient, url: string): Promise<string> {
  // A part that fails on the server would be left to the browser by an inline script (blocked):
  // the whole render fails instead, and the server sends the plain page.
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    {
      // Whole boundaries inline: an outlined one is revealed by an inline script, which the
      // Content-Security-Policy (script-src 'self') blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  let html = "";
  for await (const chunk of prelude) html += String(chunk);
  if (failure !== undefined) throw failure;
  return html;
}
