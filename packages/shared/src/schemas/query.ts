import { z } from "zod";
import * as MESSAGES from "../messages/index.js";

/** `a, b and c`. */
function listed(names: string[]): string {
  return names.length < 2
    ? (names[0] ?? "")
    : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** A parameter's name as a message shows it: as written when a plain word, else quoted, cut short. */
function nameOf(key: string): string {
  const short = key.length > 64 ? `${key.slice(0, 64)}…` : key;
  return /^[\w.-]+$/.test(short) ? short : JSON.stringify(short);
}

/**
 * A query string's schema that refuses a parameter it does not take, with a 400 naming it and
 * every one it does take: a misspelt filter (`?tags=` for `?tag=`) would otherwise be dropped and
 * the whole unfiltered list returned as if it were the answer. `what` names the endpoint for the
 * message, e.g. "the image list".
 */
export function strictQuery<Shape extends z.ZodRawShape>(what: string, shape: Shape) {
  const takes = listed(Object.keys(shape));
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `Unknown parameter ${issue.keys.map(nameOf).join(", ")}: ${what} ${takes ? `takes ${takes}` : "takes no parameters"}`
        : undefined,
  });
}

/**
 * A whole number in a query string, written in digits: `schema` (a `wholeNumber`, with its default
 * or `.optional()` and its documentation) sees it as a number. `Number()` would read `1e1`, ` 1`,
 * `0x10` and an empty value as numbers; each stays text here and is refused as "{name} must be a
 * number" (round 38), as prices already were. A number passes as it is, for callers inside the
 * server. Documentation goes on `schema`: the OpenAPI document is made from it.
 */
export function fromDigits<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    const digits = typeof value === "string" ? /^(\d+)(?:\.(\d+))?$/.exec(value) : null;
    if (!digits) return value;
    const whole = Number(digits[1]);
    // Digits past what a double holds exactly (up to Infinity) are still a whole number, too
    // large for any bound; a fraction that is not all zeros is one, however small (round 42).
    const wholePart = Number.isSafeInteger(whole) ? whole : Number.MAX_SAFE_INTEGER;
    return /[1-9]/.test(digits[2] ?? "") ? wholePart + 0.5 : wholePart;
  }, schema);
}

/**
 * A whole number from `min` to `max`, its messages naming `name`; `between: false` words the bounds
 * apart ("at least 1", "at most 24"); `error` is one message for every refusal.
 */
export function wholeNumber(
  name: string,
  {
    min,
    max,
    between = true,
    error,
  }: { min: number; max: number; between?: boolean; error?: string },
) {
  const outside = between ? `${name} must be between ${min} and ${max}` : undefined;
  return z
    .number({ error: error ?? `${name} must be a number` })
    .int(error ?? `${name} must be a whole number`)
    .min(min, error ?? outside ?? `${name} must be at least ${min}`)
    .max(max, error ?? outside ?? `${name} must be at most ${max}`);
}

/** A list's page size in a query string, `defaultLimit` when not given. */
export const zPageLimit = (maxLimit: number, defaultLimit: number) =>
  fromDigits(wholeNumber("limit", { min: 1, max: maxLimit }).default(defaultLimit));

/** An admin list's page size: 1 to 100, 50 when not given. */
export const zAdminPageLimit = () => zPageLimit(100, 50);

/** A list's `cursor`: the `nextCursor` of the page before, opaque to clients. */
export const zListCursor = () => z.string().max(64, MESSAGES.badCursor).optional();
