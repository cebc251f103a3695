import type { FastifyPluginAsync } from "fastify";
import { robotsTxt, type SitemapService } from "./sitemap.service.js";

export interface SitemapRoutesOptions {
  sitemap: SitemapService;
  publicUrl: string;
}

/**
 * /sitemap.xml (with /sitemaps/{n}.xml when it is an index) and /robots.txt: files of the site for
 * crawlers, served like the web app's pages, outside the API's contract.
 */
export const sitemapRoutes: FastifyPluginAsync<SitemapRoutesOptions> = async (app, opts) => {
  const xml = "application/xml; charset=utf-8";
  app.get("/sitemap.xml", async (_request, reply) =>
    reply
      .type(xml)
      .header("cache-control", "public, max-age=3600")
      .send(await opts.sitemap.index()),
  );
  app.get<{ Params: { file: string } }>("/sitemaps/:file", async (request, reply) => {
    const n = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1];
    const body = n === undefined ? null : await opts.sitemap.file(Number(n));
    if (body === null) {
      return reply.code(404).send({ message: "No such sitemap", code: "not_found" });
    }
    return reply.type(xml).header("cache-control", "public, max-age=3600").send(body);
  });
  const robots = robotsTxt(opts.publicUrl);
  app.get("/robots.txt", async (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(robots),
  );
};
