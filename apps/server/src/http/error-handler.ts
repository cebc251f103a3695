import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/errors.js";
import { unavailableMessage } from "../lib/unavailable.js";
import { validationMessage } from "./validation-message.js";

/** One error shape for the whole API: `{ message, code }` with the right status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.code(error.status).headers(error.headers).send({
        message: error.message,
        code: error.code,
      });
    }
    // The web app's files refuse some paths before any route sees them (`/tag/navy//`): to
    // people those are paths nothing serves, which the not-found handler answers.
    if (error.code === "FST_STATIC_FORBIDDEN_PATH") return reply.callNotFound();
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
      return reply.code(400).send({ message, code });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({ message: humanise(error), code: codeOf(error) });
    }
    const unavailable = unavailableMessage(error);
    if (unavailable) {
      request.log.error({ err: error }, "a service the request needed was not available");
      return reply
        .code(503)
        .header("retry-after", "30")
        .send({ message: unavailable, code: "service_unavailable" });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send({ message: "Internal Server Error", code: "internal" });
  });
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
