import type { FastifyError, FastifyInstance, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.js";
import { unavailableMessage } from "../lib/unavailable.js";
import type { ErrorPages, Refusal } from "./error-pages.js";
import { validationMessage } from "./validation-message.js";

/**
 * One error shape for the whole API: `{ message, code }` with the right status. A browser
 * navigating to a page gets the site's page saying the same, with the same status (`pages`).
 */
export function registerErrorHandler(app: FastifyInstance, pages?: ErrorPages): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The web app's files refuse some paths before any route sees them (`/tag/navy//`): to
    // people those are paths nothing serves, which the not-found handler answers.
    if (error.code === "FST_STATIC_FORBIDDEN_PATH") return reply.callNotFound();
    const refusal = refusalOf(error, request);
    if (pages) return pages.refuse(request, reply, refusal);
    return reply
      .code(refusal.status)
      .headers(refusal.headers ?? {})
      .send({ message: refusal.message, code: refusal.code });
  });
}

/** What an error says to whoever asked, logged when it is the server's own. */
function refusalOf(error: FastifyError, request: FastifyRequest): Refusal {
  if (error instanceof AppError) {
    return {
      status: error.status,
      message: error.message,
      code: error.code,
      headers: error.headers,
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const atRoot = !first?.instancePath || first.instancePath === "/";
    const name = first?.instancePath?.slice(1) ?? "";
    const repeated =
      error.validationContext === "querystring" &&
      Array.isArray((request.query as Record<string, unknown> | undefined)?.[name]);
    const message = repeated
      ? `${name} was given more than once: give it once, with several values separated by commas where it takes them (${name}=a,b)`
      : atRoot && first?.keyword === "invalid_type"
        ? `The request ${error.validationContext ?? "body"} must be a JSON object`
        : validationMessage(first, error.validationContext);
    // A list's cursor refused by its schema is the same refusal as one its service refuses.
    const code =
      error.validationContext === "querystring" && name === "cursor"
        ? "bad_cursor"
        : "validation_failed";
    return { status: 400, message, code };
  }
  const status = error.statusCode ?? 500;
  if (status < 500) return { status, message: humanise(error), code: codeOf(error) };
  const unavailable = unavailableMessage(error);
  if (unavailable) {
    request.log.error({ err: error }, "a service the request needed was not available");
    return {
      status: 503,
      message: unavailable,
      code: "service_unavailable",
      headers: { "retry-after": "30" },
    };
  }
  request.log.error({ err: error }, "unhandled error");
  return { status: 500, message: "Internal Server Error", code: "internal" };
}

function humanise(error: FastifyError): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The request body is not valid JSON";
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "This content type is not accepted here; send JSON";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return "The request body is too large";
    default:
      return error.message;
  }
}

function codeOf(error: FastifyError): string {
  return error.code ? error.code.replace(/^FST_ERR_/, "").toLowerCase() : "bad_request";
}
