import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";

const MAX_REMEMBERED = 1000;

/** What the zod type provider's validators answer (they are synchronous). */
type Verdict = { value: unknown } | { error: Error };
const MAX_KEY_CHARS = 512;

/**
 * The zod validator for a route whose query strings repeat a lot (the image list: most visitors
 * ask for the same first pages), remembering its verdict on the last inputs it saw. The schema is
 * a pure function of the query, so an input seen before gets the verdict the schema gave it, frozen
 * so no handler can change what the next request receives; any other part, and any input with a
 * repeated parameter or a long value, is validated afresh. Parsing with zod costs a busy list
 * route about 4% of its CPU (bench/RESULTS.md, 2026-11-25).
 */
export const rememberQueryVerdicts: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]) as (
    data: unknown,
  ) => Verdict;
  if (route.httpPart !== "querystring") return validate;
  const verdicts = new Map<string, Verdict>();
  return (data: unknown) => {
    const key = keyOf(data);
    if (key === undefined) return validate(data);
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = validate(data);
    // Refusals are not kept: Fastify decorates the error it is given, per request.
    if (!("value" in verdict)) return verdict;
    deepFreeze(verdict.value);
    if (verdicts.size >= MAX_REMEMBERED) {
      const oldest = verdicts.keys().next();
      if (!oldest.done) verdicts.delete(oldest.value);
    }
    verdicts.set(key, verdict);
    return verdict;
  };
};

/** The parsed query as one string, or undefined when it is not a flat map of short strings. */
function keyOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  let key = "";
  for (const name in data) {
    const value = (data as Record<string, unknown>)[name];
    if (typeof value !== "string") return undefined;
    // Each part prefixed by its length: no name or value can pass for another.
    key += `${name.length}:${name}${value.length}:${value}`;
    if (key.length > MAX_KEY_CHARS) return undefined;
  }
  return key;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}
