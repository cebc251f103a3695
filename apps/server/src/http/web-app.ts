import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import {
  type Image,
  type ImageListParams,
  type ImageListResponse,
  imageListPath,
  isAppPath,
  MESSAGES,
  type SiteSettings,
} from "@sawdust/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../modules/auth/session-token.js";
import type { ShareCard } from "../modules/images/catalogue.service.js";
import {
  type ErrorPages,
  IMAGE_UNAVAILABLE,
  NEEDS_JAVASCRIPT,
  NOT_FOUND,
  type PageNotice,
  withNotice,
  withNoticePage,
} from "./error-pages.js";
import { galleryListParams, galleryPreloadTags } from "./gallery-preload.js";
import { KeptBody, sendKept } from "./kept-body.js";
import { loadPageChunks } from "./page-chunks.js";
import {
  artworkJsonLd,
  artworkPreloadTag,
  jsonLdScript,
  type PublicPage,
  pageHeadOf,
  pageHeadTags,
  publicPageOf,
} from "./page-head.js";
import {
  PageRenderer,
  type RenderedPage,
  withCodeAfterPictures,
  withInlineStyles,
  withRenderedPage,
} from "./page-render.js";
import { PAGE_SCRIPT_TAGS } from "./page-scripts.js";
import { shareMetaTags, withShareMeta } from "./share-meta.js";

/** A path that a browser would read as `//host…`: a second slash or backslash, tabs aside. */
const NAMES_ANOTHER_SITE = /^\/[\t\n\r]*[/\\]/;

export interface WebAppOptions {
  /** The built web app's folder. */
  webDist: string;
  /** The site's origin, for the absolute URLs of share tags, canonical links and structured data. */
  publicUrl: string;
  /** A public image's share card; null when it is missing or private. */
  shareCard: (imageId: number) => Promise<ShareCard | null>;
  /**
   * Whether the member signed in with this session cookie may see an image no visitor may (an
   * admin a hidden one, a collector the 1/1 they own): false for a session that is not live.
   */
  memberMaySee: (imageId: number, sessionToken: string) => Promise<boolean>;
  /** A public image as a visitor sees it (its structured data and the artwork's preload). */
  visitorImage: (imageId: number) => Promise<Image>;
  /** A visitor's first page of the gallery list for these parameters. */
  galleryFirstPage: (params: ImageListParams) => Promise<{ list: ImageListResponse }>;
  /** The admin's site settings: pages show the site's own name and limits. */
  siteSettings: () => Promise<SiteSettings>;
  /** Calls `listener` whenever something a rendered page may show has changed. */
  onPagesStale: (listener: () => void) => void;
  /** The clock rendered pages expire by. */
  now?: () => number;
  /** Refusals of page addresses: browsers get the site's page saying so from here. */
  errorPages?: ErrorPages;
  /** The methods the routes take at a path no route answered (allowed-methods.ts). */
  allowedMethods?: (path: string) => string[];
}

/** A page's HTML as it is sent (made for this request, or kept), and its status. */
interface PageResponse {
  status: number;
  html: string | KeptBody;
}

/**
 * Serves the built web app. Unknown API paths are JSON 404s; any other page path gets index.html
 * (with 404 when the app has no page for it), so a deep link such as /collections/7 loads the app
 * and its router takes over; without JavaScript, such a page says what it is (error-pages.ts).
 * Every page's head carries the site's name; the public pages a link
 * lands on (page-head.ts: the gallery, an image's share page, explore, a tag, the editions) carry
 * their own title, description and canonical link, an image's page its Open Graph tags and
 * structured data too, and visitors get them rendered (page-render.ts).
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const { webDist } = options;
  const built = existsSync(join(webDist, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Wildcard: files built after start are served too; a miss falls through to the handler below.
      wildcard: true,
      // The server render's code (dist/ssr) and the build's manifest (dist/.vite) are the
      // server's, not files for browsers.
      allowedPath: (pathName) => !pathName.startsWith("/ssr/") && !pathName.startsWith("/.vite/"),
      index: false,
      setHeaders(res, path) {
        // Vite names built assets by content hash: they never change under the same name.
        res.header(
          "cache-control",
          path.startsWith(`${resolve(webDist, "assets")}${sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header("cache-control", "no-cache").sendFile("index.html");
  const sendHtml = (request: FastifyRequest, reply: FastifyReply, page: PageResponse) => {
    reply.code(page.status).header("cache-control", "no-cache").type("text/html; charset=utf-8");
    return typeof page.html === "string"
      ? reply.send(page.html)
      : sendKept(request, reply, page.html);
  };
  // Read once: a new build comes with a restart.
  let indexHtml: Promise<string> | undefined;
  const readIndex = () => {
    indexHtml ??= readFile(join(webDist, "index.html"), "utf8").catch((error: unknown) => {
      indexHtml = undefined;
      throw error;
    });
    return indexHtml;
  };
  /** The API answering a visitor, in-process: what the server render's components ask for. */
  const fetchApi: typeof fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const path = url.startsWith("/") ? url : `${new URL(url).pathname}${new URL(url).search}`;
    if ((init?.method ?? "GET") !== "GET" || !path.startsWith("/api/")) {
      throw new Error(`the server render may only read the API: ${init?.method} ${path}`);
    }
    const res = await app.inject({
      method: "GET",
      url: path,
      headers: { accept: "application/json" },
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      statusText: res.statusMessage,
      headers: { "content-type": String(res.headers["content-type"] ?? "application/json") },
    });
  };
  const renderer = built ? await PageRenderer.load(webDist, fetchApi, options.now) : undefined;
  // The build's stylesheets by their path, read once each (their names change with their text).
  const styles = new Map<string, Promise<string | undefined>>();
  const styleOf = (href: string) => {
    let css = styles.get(href);
    if (!css) {
      css = /^\/assets\/[\w.-]+\.css$/.test(href)
        ? readFile(join(webDist, href), "utf8").catch(() => undefined)
        : Promise.resolve(undefined);
      styles.set(href, css);
    }
    return css;
  };
  if (renderer) options.onPagesStale(() => renderer.invalidate());
  /**
   * Visitors' rendered pages as sent (the page in index.html with its head, its stylesheet
   * inlined), kept with the rendered page they hold and dropped with it, for the head they were
   * made with: the head is made for every request (an image that went private is a 404 at once),
   * the 200 kB page around it and its compressed forms once (3–4 ms of CPU a request otherwise).
   */
  const sentPages = new WeakMap<RenderedPage, { around: string; body: Promise<KeptBody> }>();
  const sentPageOf = (rendered: RenderedPage, around: string): Promise<KeptBody> => {
    const kept = sentPages.get(rendered);
    if (kept && kept.around === around) return kept.body;
    const body = withInlineStyles(withRenderedPage(around, rendered), styleOf).then(
      (html) => new KeptBody(html),
    );
    const entry = { around, body };
    sentPages.set(rendered, entry);
    body.catch(() => {
      if (sentPages.get(rendered) === entry) sentPages.delete(rendered);
    });
    return body;
  };
  const chunks = built ? await loadPageChunks(webDist) : undefined;
  if (chunks && chunks.missing.length > 0) {
    app.log.warn(
      { missing: chunks.missing },
      "public pages' modules missing from the build manifest",
    );
  }

  /**
   * A public page's head: its own title, description and canonical link; an image's share tags,
   * structured data and the preload of its artwork. Null for an image that is missing or private
   * (its page is a 404 that names nothing).
   */
  const headOf = async (
    request: FastifyRequest,
    page: PublicPage,
    path: string,
    search: URLSearchParams,
    site: SiteSettings,
  ): Promise<string | null> => {
    if (page.kind !== "image") {
      const head = pageHeadOf(page, path, search, site.siteName);
      return pageHeadTags(head, site.siteName, options.publicUrl);
    }
    const card = await options.shareCard(page.imageId);
    if (!card) return null;
    const tags = [shareMetaTags(card, options.publicUrl, site.siteName)];
    try {
      const image = await options.visitorImage(page.imageId);
      tags.unshift(artworkPreloadTag(image));
      tags.push(jsonLdScript(artworkJsonLd(image, card, site.siteName, options.publicUrl)));
    } catch (error) {
      request.log.warn({ err: error, path }, "an image page's structured data could not be made");
    }
    return tags.join("\n");
  };

  /**
   * A public page (/, /gallery, /image/{id}, /explore, /tag/{tag}, /one-of-one, /open-editions):
   * its head, then rendered for visitors; members get the app as it is (their pages differ: Pro
   * sizes, admin tools), with the gallery's preloads where the page is the gallery. Render and
   * preloads are extras: if they cannot be made, the page goes without them.
   */
  const publicPage = async (
    request: FastifyRequest,
    page: PublicPage,
    path: string,
  ): Promise<PageResponse> => {
    const query = request.url.split("?")[1];
    const search = new URLSearchParams(query ?? "");
    const [site, index] = await Promise.all([options.siteSettings(), readIndex()]);
    const head = await headOf(request, page, path, search, site);
    if (head === null) {
      // A private or missing image: the API's 404 with nothing of it in the page, unless the
      // member signed in may see it (an admin a private image): then the app, which asks the
      // API as them. Any cookie is not enough: the session must be live and allowed.
      const token = request.cookies[SESSION_COOKIE];
      const allowed =
        page.kind === "image" && token !== undefined
          ? await options.memberMaySee(page.imageId, token)
          : false;
      const notice = allowed ? NEEDS_JAVASCRIPT : IMAGE_UNAVAILABLE;
      return { status: allowed ? 200 : 404, html: withNoticePage(index, site.siteName, notice) };
    }
    const preloads = chunks?.tagsOf(page.kind);
    const tags = preloads ? `${head}\n${preloads}` : head;
    const rendered =
      renderer && !request.cookies[SESSION_COOKIE]
        ? renderer.render(query === undefined ? path : `${path}?${query}`, site)
        : undefined;
    if (rendered) {
      try {
        // Its buttons show before the app runs: a click on one meanwhile is kept, and the code comes
        // after the first pictures (page-scripts.ts).
        const around = withCodeAfterPictures(
          withShareMeta(index, [tags, ...PAGE_SCRIPT_TAGS].join("\n")),
        );
        return { status: 200, html: await sentPageOf(await rendered, around) };
      } catch (error) {
        request.log.error({ err: error, path }, "page could not be rendered");
      }
    }
    // Unrendered (a member's, or every render busy): the app draws it.
    const html = withNotice(withShareMeta(index, tags), NEEDS_JAVASCRIPT);
    if (page.kind !== "gallery" && page.kind !== "image") return { status: 200, html };
    try {
      const params = galleryListParams(search);
      const { list } = await options.galleryFirstPage(params);
      const preloads = galleryPreloadTags(
        imageListPath(params),
        list.images.find((image) => image.urlSmall !== ""),
      );
      return { status: 200, html: html.replace(/<\/head>/i, `  ${preloads}\n  </head>`) };
    } catch (error) {
      request.log.warn({ err: error, path }, "gallery page hints could not be made");
      return { status: 200, html };
    }
  };

  /** index.html with the site's name in its title and this notice. */
  const noticePage = async (notice: PageNotice): Promise<string> => {
    const [site, index] = await Promise.all([options.siteSettings(), readIndex()]);
    return withNoticePage(index, site.siteName, notice);
  };

  /** Any other page of the app: the app's page, or its 404 screen with the status that says so. */
  const appPage = async (path: string): Promise<PageResponse> =>
    isAppPath(path)
      ? { status: 200, html: await noticePage(NEEDS_JAVASCRIPT) }
      : { status: 404, html: await noticePage(NOT_FOUND) };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const page = publicPageOf(path);
    try {
      return sendHtml(
        request,
        reply,
        page ? await publicPage(request, page, path) : await appPage(path),
      );
    } catch (error) {
      request.log.warn({ err: error, path }, "page could not be made");
      if (!isAppPath(path)) reply.code(404);
      return sendIndex(reply);
    }
  };

  if (built) {
    // A refused page address: the site's page saying so, with the refusal's status.
    options.errorPages?.serveWith(async (request, reply, status, notice) =>
      sendHtml(request, reply, { status, html: await noticePage(notice) }),
    );
    // The root is a folder to the static server; it is the app's home page to people.
    app.get("/", (request, reply) => sendPage(request, reply, "/"));
    // Any other page path reaches the static server's wildcard route first.
    options.errorPages?.servePagesAt("/");
    options.errorPages?.servePagesAt("/*");
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    // Every page path gets the app's HTML whatever the Accept header says: link-preview crawlers
    // send `*/*`. API paths, media and files (a name with an extension) get a JSON 404, unless a
    // browser navigates to one (`/collections/1.5`, `/tag/art.deco`): the app says not found.
    const looksLikeFile = /\.[A-Za-z0-9]+$/.test(path);
    const navigation = (request.headers.accept ?? "").includes("text/html");
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !path.startsWith("/api/") &&
      !path.startsWith("/media/") &&
      !path.startsWith("/assets/") &&
      (!looksLikeFile || navigation);
    if (!isPage) {
      // A path that takes other methods (`GET /api/v1/auth/login`) is told which: 405, not 404.
      const allowed = options.allowedMethods?.(path) ?? [];
      if (allowed.length > 0) {
        return reply
          .code(405)
          .header("allow", allowed.join(", "))
          .send({
            // HEAD is told what its GET is, to the byte (its Content-Length): no body is sent.
            message: MESSAGES.methodNotAllowed(
              request.method === "HEAD" ? "GET" : request.method,
              path,
              allowed,
            ),
            code: "method_not_allowed",
          });
      }
      return reply
        .code(404)
        .send({ message: `Not found: ${request.method} ${path}`, code: "not_found" });
    }
    // One address a page: `/gallery/` and `/tag/navy//` are sent to `/gallery` and `/tag/navy`
    // (a path starting `//` or `/\` is left alone: without its slashes it would name another
    // site, as a browser reads a backslash as a slash and drops tabs and line breaks; round 49).
    if (path.length > 1 && path.endsWith("/") && !NAMES_ANOTHER_SITE.test(path)) {
      const query = request.url.slice(path.length);
      return reply.redirect(`${path.replace(/\/+$/, "") || "/"}${query}`, 308);
    }
    if (!built) {
      return reply.code(503).send({
        message: "The web app is not built yet: run `npm run build` (npm start does it for you)",
        code: "web_not_built",
      });
    }
    return sendPage(request, reply, path);
  });
}
