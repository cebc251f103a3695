/**
 * The server render of the gallery's first view (/ and /gallery, for visitors). The API server
 * imports the build of this file (dist/ssr/entry-server.js) and hands it the data it already holds
 * for the page: the first image list, the hero and the site's settings. The page then paints its hero and first row of
 * pictures before the app's code has run; the app hydrates it with the same data, sent along as
 * JSON (a data block, which the Content-Security-Policy allows, unlike an inline script).
 */
import {
  GALLERY_LIST_PARAMS,
  type HeroContent,
  type ImageListResponse,
  type SiteSettings,
} from "@sawdust/shared";
import { dehydrate, type InfiniteData } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import { AppProvider } from "@/app/provider";
import { AppRoutes } from "@/app/router";
import { SERVER_STATE_ELEMENT_ID } from "@/app/server-state";
import { currentUserQueryOptions } from "@/lib/api/get-current-user";
import { heroContentQueryOptions } from "@/lib/api/get-hero-content";
import { imageListInfiniteOptions } from "@/lib/api/get-images";
import { siteQueryOptions } from "@/lib/api/get-site";
import { filtersFromSearch } from "@/lib/images";
import { createQueryClient } from "@/lib/query-client";

export interface GalleryPageData {
  /** The page's path and query, e.g. "/gallery?tag=forest". */
  url: string;
  /** The first page of the gallery's image list for this URL, as a visitor sees it. */
  list: ImageListResponse;
  hero: HeroContent;
  /** The site's settings (its name in the header, the free tier's figures). */
  site: SiteSettings;
}

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** A `<script type="application/json">` element holding the data the app hydrates with. */
  stateScript: string;
}

export async function renderGalleryPage(page: GalleryPageData): Promise<RenderedPage> {
  const queryClient = createQueryClient();
  const search = new URLSearchParams(page.url.split("?")[1] ?? "");
  const listOptions = imageListInfiniteOptions({
    ...filtersFromSearch(search),
    ...GALLERY_LIST_PARAMS,
  });
  queryClient.setQueryData<InfiniteData<ImageListResponse, string>>(listOptions.queryKey, {
    pages: [page.list],
    pageParams: [listOptions.initialPageParam],
  });
  queryClient.setQueryData(heroContentQueryOptions.queryKey, page.hero);
  queryClient.setQueryData(siteQueryOptions.queryKey, page.site);
  // Rendered for visitors only: the server sends signed-in members the app without this render.
  queryClient.setQueryData(currentUserQueryOptions.queryKey, null);

  // A part that fails on the server would be left to the browser by an inline script (blocked):
  // the whole render fails instead, and the server sends the plain page.
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <StaticRouter location={page.url}>
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

  // `<` escaped: the JSON cannot close its script element, whatever the titles say.
  const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, "\\u003c");
  return {
    html,
    stateScript: `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${state}</script>`,
  };
}
