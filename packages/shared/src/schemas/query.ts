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

/** An admin list's page size: 1 to 100, 50 when not given. */
export const zAdminPageLimit = () =>
  z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be between 1 and 100")
    .max(100, "limit must be between 1 and 100")
    .default(50);

/** A list's `cursor`: the `nextCursor` of the page before, opaque to clients. */
export const zListCursor = () => z.string().max(64, MESSAGES.badCursor).optional();
