import type { FastifyInstance } from "fastify";

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), but an empty one is no body
 * rather than a 400: clients send `Content-Type: application/json` with every call, also those
 * that take no body (sign out, a session ended, a view counted), and those answered "The request
 * body is not valid JSON". A call that needs a body still says so: its schema gets none.
 */
export function acceptEmptyJsonBodies(server: FastifyInstance): void {
  const parseJson = server.getDefaultJsonParser("error", "error");
  server.removeContentTypeParser("application/json");
  server.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.trim() === "") {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
