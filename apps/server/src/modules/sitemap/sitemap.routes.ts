import type { FastifyPluginAsync } from "fastify";
import { KeptBody, sendKept } from "../../http/kept-body.js";
import { robotsTxt, type SitemapFile, type SitemapService } from "./sitemap.service.js";

/**
 * How long a sitemap file may be kept: as long as a public picture (media.routes.ts), so a shared
 * cache stops listing a hidden image's page within 5 minutes. Each is an ETag'd kept body: a
 * crawler's revalidation costs a 304.
 */
const SITEMAP_CACHE = "public, max-age=600, s-maxage=300";

export interface SitemapRoutesOptions {
  sitemap: SitemapService;
  publicUrl: string;
}

/**
 * /sitemap.xml (an index of /sitemaps/{name}.xml files) and /robots.txt: files of the site for
 * crawlers, served like the web app's pages, outside the API's contract.
 */
export const sitemapRoutes: FastifyPluginAsync<SitemapRoutesOptions> = async (app, opts) => {
  const xml = "application/xml; charset=utf-8";
  // Each kept file's bytes, and each compressed form, made once (a file of images is ~1 MB).
  const bodies = new WeakMap<SitemapFile, KeptBody>();
  const bodyOf = (file: SitemapFile) => {
    let body = bodies.get(file);
    if (body === undefined) {
      body = new KeptBody(file.xml);
      bodies.set(file, body);
    }
    return body;
  };
  app.get("/sitemap.xml", async (request, reply) =>
    sendKept(
      request,
      reply.type(xml).header("cache-control", SITEMAP_CACHE),
      bodyOf(await opts.sitemap.index()),
    ),
  );
  app.get<{ Params: { file: string } }>("/sitemaps/:file", async (request, reply) => {
    const name = /^(.+)\.xml$/.exec(request.params.file)?.[1];
    const file = name === undefined ? null : await opts.sitemap.file(name);
    if (file === null) {
      return reply.code(404).send({ message: "No such sitemap", code: "not_found" });
    }
    return sendKept(request, reply.type(xml).header("cache-control", SITEMAP_CACHE), bodyOf(file));
  });
  const robots = robotsTxt(opts.publicUrl);
  app.get("/robots.txt", async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robots),
  );
};
