import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/errors.js";

const POISONED =
  'The request body cannot have a "__proto__" key, or a "constructor" key holding a "prototype"';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

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
    parseJson(request, text, (error, body) => {
      // Refused though it is JSON: a __proto__ key, or a constructor holding a prototype (Fastify
      // names only "not valid JSON"; its parser drops the reason).
      if (error && isJson(text)) {
        done(badRequest(POISONED, "forbidden_key"), undefined);
        return;
      }
      done(error, body);
    });
  });
}
