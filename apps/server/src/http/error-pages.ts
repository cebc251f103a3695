import { MESSAGES, paths } from "@sawdust/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { escapeHtml } from "./share-meta.js";

/**
 * What a page of the app says in place of the app where it does not run (JavaScript off): in a
 * `<noscript>`, so a browser that runs the app shows what it showed before, and the app takes the
 * page over as ever.
 */
export interface PageNotice {
  heading: string;
  text: string;
  /** Whether the page's title names it (an error page); otherwise the title stays the site's. */
  titled: boolean;
}

/** An app-only page (sign-in, the dashboard): it says it needs JavaScript. */
export const NEEDS_JAVASCRIPT: PageNotice = {
  heading: MESSAGES.pageNotices.needsJavaScript,
  text: MESSAGES.pageNotices.needsJavaScriptText,
  titled: false,
};

/** A page path the app has no page for: the spec's not-found page. */
export const NOT_FOUND: PageNotice = {
  heading: MESSAGES.notFoundTitle,
  text: MESSAGES.notFoundHint,
  titled: true,
};

/** An image's page when the image is missing or private: what the image's dialog says then. */
export const IMAGE_UNAVAILABLE: PageNotice = {
  heading: MESSAGES.imageDetail.unavailable,
  text: MESSAGES.imageDetail.unavailableText,
  titled: true,
};

/** A refused page address, with the refusal's own message. */
function refusalNotice(message: string): PageNotice {
  return { heading: MESSAGES.pageNotices.refused, text: message, titled: true };
}

/**
 * index.html as the site serves it where the app is not rendered: titled with the site's name (an
 * admin may rename the site), or the notice's heading before it, with the notice.
 */
export function withNoticePage(indexHtml: string, siteName: string, notice: PageNotice): string {
  const title = notice.titled ? `${notice.heading} · ${siteName}` : siteName;
  return withNotice(
    indexHtml.replace(
      /<title\b[^>]*>[\s\S]*?<\/title>/i,
      () => `<title>${escapeHtml(title)}</title>`,
    ),
    notice,
  );
}

/**
 * The page with the notice after the app's (empty) root. Styled inline: the build's stylesheet
 * holds only the classes the app's own source writes.
 */
export function withNotice(html: string, notice: PageNotice): string {
  const noscript = [
    "<noscript>",
    '<main style="max-width:36rem;margin:0 auto;padding:6rem 1rem;text-align:center">',
    `<h1 style="margin:0;font-family:var(--font-display,serif);font-size:1.875rem;line-height:1.2;font-weight:600">${escapeHtml(notice.heading)}</h1>`,
    `<p style="margin:0.75rem 0 0;color:var(--color-muted-foreground,#57534e)">${escapeHtml(notice.text)}</p>`,
    `<p style="margin:2rem 0 0"><a href="${paths.gallery.path}" style="display:inline-block;padding:0.5rem 1rem;border-radius:0.5rem;background:var(--color-primary,#1c1917);color:var(--color-primary-foreground,#faf8f5);font-weight:500;text-decoration:none">${escapeHtml(MESSAGES.pageNotices.toGallery)}</a></p>`,
    "</main>",
    "</noscript>",
  ].join("");
  return html.replace(/<div id="root"><\/div>/, (root) => `${root}\n    ${noscript}`);
}

/** Sends the site's page with this status and notice (web-app.ts, once the web app is built). */
export type NoticePageSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  notice: PageNotice,
) => Promise<unknown>;

/** What a refusal says: the API's `{ message, code }`, its status and any headers. */
export interface Refusal {
  status: number;
  message: string;
  code: string;
  headers?: Record<string, string>;
}

/**
 * Whether a browser is navigating to a page of the app (not the API, media or the build's files):
 * it gets the site's HTML whatever the answer is, a refusal too.
 */
function navigatesToPage(request: FastifyRequest): boolean {
  const path = (request.originalUrl ?? request.url).split("?")[0] ?? "";
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    (request.headers.accept ?? "").includes("text/html") &&
    !/^\/(?:api|media|assets)(?:\/|$)/.test(path)
  );
}

/**
 * Refusals as the site answers them: to a browser navigating to a page, the site's HTML page with
 * the refusal's status and message (once the web app is registered: `serveWith`); to anyone else,
 * to the routes of the API, media and files whatever their path, and if the page cannot be made,
 * the API's `{ message, code }`.
 */
export class ErrorPages {
  private sendPage: NoticePageSender | undefined;
  /** The routes that answer pages (by their declared URL), besides the not-found handler. */
  private readonly pageRoutes = new Set<string>();

  serveWith(send: NoticePageSender): void {
    this.sendPage = send;
  }

  /** The route declared at `url` answers pages: its refusals are pages to a browser. */
  servePagesAt(url: string): void {
    this.pageRoutes.add(url);
  }

  async refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal): Promise<unknown> {
    reply.code(refusal.status).headers(refusal.headers ?? {});
    const page =
      (request.is404 || this.pageRoutes.has(request.routeOptions.url ?? "")) &&
      navigatesToPage(request);
    if (this.sendPage && page) {
      try {
        return await this.sendPage(request, reply, refusal.status, refusalNotice(refusal.message));
      } catch (error) {
        request.log.warn({ err: error }, "a refusal's page could not be made");
      }
    }
    return reply.code(refusal.status).send({ message: refusal.message, code: refusal.code });
  }
}
