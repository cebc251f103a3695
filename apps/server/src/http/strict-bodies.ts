import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * The zod validator, refusing a field a request body's object does not take (a 400 naming it):
 * `{"descripton": "…"}` was dropped, and the call answered 200 having changed nothing, so a
 * client's typo looked like success. Query strings are strict already (strictQuery); a body's
 * nested objects keep their own schema's rule.
 */
export const strictBodies: FastifySchemaCompiler<unknown> = (route) => {
  const { schema } = route;
  const strict =
    route.httpPart === "body" &&
    schema instanceof z.ZodObject &&
    schema._zod.def.catchall === undefined
      ? { ...route, schema: schema.strict() }
      : route;
  return validatorCompiler(strict as Parameters<typeof validatorCompiler>[0]);
};
