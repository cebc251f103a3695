import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Serves the built web app. Unknown API paths are JSON 404s; any other GET that wants HTML gets
 * index.html, so a deep link such as /collections/7 loads the app and its router takes over.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Wildcard: files built after start are served too; a miss falls through to the handler below.
      wildcard: true,
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
  // The root is a folder to the static server; it is the app's home page to people.
  if (built) app.get("/", (_request, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    const wantsPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !path.startsWith("/api/") &&
      (request.headers.accept ?? "").includes("text/html");
    if (!wantsPage) {
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
    return sendIndex(reply);
  });
}
