import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import {
  type HeroContent,
  type ImageListParams,
  type ImageListResponse,
  imageListPath,
  isAppPath,
  type SiteSettings,
} from "@sawdust/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../modules/auth/session-token.js";
import type { ShareCard } from "../modules/images/catalogue.service.js";
import { galleryListParams, galleryPreloadTags, isGalleryPath } from "./gallery-preload.js";
import { GalleryRenderer, withRenderedPage } from "./gallery-render.js";
import { sharedImageIdOf, shareMetaTags, withShareMeta } from "./share-meta.js";

export interface WebAppOptions {
  /** The built web app's folder. */
  webDist: string;
  /** The site's origin, for the absolute URLs of share tags. */
  publicUrl: string;
  /** A public image's share card; null when it is missing or private. */
  shareCard: (imageId: number) => Promise<ShareCard | null>;
  /** A visitor's first page of the gallery list for these parameters: its text and object. */
  galleryFirstPage: (params: ImageListParams) => Promise<{ json: string; list: ImageListResponse }>;
  heroContent: () => Promise<HeroContent>;
  /** The admin's site settings: the rendered page shows the site's own name and limits. */
  siteSettings: () => Promise<SiteSettings>;
}

/**
 * Serves the built web app. Unknown API paths are JSON 404s; any other page path gets index.html
 * (with 404 when the app has no page for it), so a deep link such as /collections/7 loads the app
 * and its router takes over. A
 * public image's page (/image/{id}, the share link) gets index.html with Open Graph and Twitter
 * tags, so a link pasted into a chat or a post shows the picture.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDist } = options;
  const built = existsSync(join(webDist, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Wildcard: files built after start are served too; a miss falls through to the handler below.
      wildcard: true,
      // The server render's code (dist/ssr) is the server's, not a file for browsers.
      allowedPath: (pathName) => !pathName.startsWith("/ssr/"),
      index: false,
      setHeaders(res, path) {
        // Vite names built assets by content hash: they never change under the same name.
        res.header(
          "cache-control",
          path.includes(`${join("dist", "assets")}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header("cache-control", "no-cache").sendFile("index.html");
  // Read once: a new build comes with a restart.
  let indexHtml: Promise<string> | undefined;
  const readIndex = () => {
    indexHtml ??= readFile(join(webDist, "index.html"), "utf8").catch((error: unknown) => {
      indexHtml = undefined;
      throw error;
    });
    return indexHtml;
  };
  /** index.html with the image's share tags, or undefined when the image is not public. */
  const sharePage = async (imageId: number): Promise<string | undefined> => {
    const card = await options.shareCard(imageId);
    return card
      ? withShareMeta(await readIndex(), shareMetaTags(card, options.publicUrl))
      : undefined;
  };
  const renderer = built ? await GalleryRenderer.load(webDist) : undefined;
  /**
   * A visitor's / or /gallery, rendered: the hero and first row of pictures paint before the app's
   * code has run, and the app hydrates them with the data sent along. Members get the app as it is
   * (their gallery differs: Pro sizes, admin tools).
   */
  const renderedGalleryPage = async (
    request: FastifyRequest,
    path: string,
    query: string | undefined,
    params: ImageListParams,
  ) => {
    if (!renderer || sharedImageIdOf(path) !== undefined || request.cookies[SESSION_COOKIE]) {
      return undefined;
    }
    const [firstPage, hero, site, indexHtml] = await Promise.all([
      options.galleryFirstPage(params),
      options.heroContent(),
      options.siteSettings(),
      readIndex(),
    ]);
    const url = query === undefined ? path : `${path}?${query}`;
    return withRenderedPage(indexHtml, await renderer.render(url, firstPage, hero, site));
  };
  /**
   * A gallery page (/, /gallery, /image/{id}): rendered for visitors where it can be, otherwise
   * index.html with the share tags of the image, if public, and the preloads of the gallery's first
   * view. Render and hints are extras: if they cannot be made, the plain page is sent and the app
   * fetches everything itself.
   */
  const sendGalleryPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    try {
      const query = request.url.split("?")[1];
      const params = galleryListParams(new URLSearchParams(query ?? ""));
      const rendered = await renderedGalleryPage(request, path, query, params).catch(
        (error: unknown) => {
          request.log.error({ err: error, path }, "gallery page could not be rendered");
          return undefined;
        },
      );
      if (rendered) {
        return reply
          .header("cache-control", "no-cache")
          .type("text/html; charset=utf-8")
          .send(rendered);
      }
      const imageId = sharedImageIdOf(path);
      let html =
        (imageId === undefined ? undefined : await sharePage(imageId)) ?? (await readIndex());
      const { list } = await options.galleryFirstPage(params);
      const preloads = galleryPreloadTags(
        imageListPath(params),
        list.images.find((image) => image.urlSmall !== ""),
      );
      html = html.replace(/<\/head>/i, `  ${preloads}\n  </head>`);
      return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(html);
    } catch (error) {
      request.log.warn({ err: error, path }, "gallery page hints could not be made");
      return sendIndex(reply);
    }
  };
  // The root is a folder to the static server; it is the app's home page to people.
  if (built) app.get("/", (request, reply) => sendGalleryPage(request, reply, "/"));

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // Every page path gets the app's HTML whatever the Accept header says: link-preview crawlers
    // send `*/*`. API paths, media and files (a name with an extension) get a JSON 404.
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !path.startsWith("/api/") &&
      !path.startsWith("/media/") &&
      !/\.[A-Za-z0-9]+$/.test(path);
    if (!isPage) {
      return reply
        .code(404)
        .send({ message: `Not found: ${request.method} ${path}`, code: "not_found" });
    }
    if (!built) {
      return reply.code(503).send({
        message: "The web app is not built yet: run `npm run build` (npm start does it for you)",
        code: "web_not_built",
      });
    }
    if (isGalleryPath(path)) return sendGalleryPage(request, reply, path);
    // A path the app has no page for: its 404 screen, with the status that says so.
    if (!isAppPath(path)) reply.code(404);
    return sendIndex(reply);
  });
}
