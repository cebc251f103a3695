import { MESSAGES } from "@sawdust/shared";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/errors.js";

/** What no text a request sends may hold, and why. */
type Unstorable = "nul" | "lone_surrogate";

/**
 * A half of a UTF-16 surrogate pair alone (`"\ud800"` in JSON): not a character at all. Each
 * database wrote it differently (SQLite as three U+FFFD, so a 500-character bio passed its check
 * and was stored as 1,500; PostgreSQL's text as one U+FFFD, its jsonb as the escape), and a length
 * check counted it as one.
 */
const LONE_SURROGATE = /\p{Cs}/u;

function unstorableIn(text: string): Unstorable | undefined {
  if (text.includes("\u0000")) return "nul";
  return LONE_SURROGATE.test(text) ? "lone_surrogate" : undefined;
}

/**
 * Where the first unstorable text sits in a parsed body, query or path, and what it holds: the
 * path is `""` for a top-level string, else the keys leading to it joined with dots (`tags`,
 * `aiAnalysis.title`; a list's item by the list's key); undefined when there is none.
 */
export function unstorableAt(
  value: unknown,
  depth = 0,
): { path: string; problem: Unstorable } | undefined {
  if (typeof value === "string") {
    const problem = unstorableIn(value);
    return problem ? { path: "", problem } : undefined;
  }
  if (depth > 64 || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    // A repeated parameter or a list: named by the key that holds it, not by an index.
    for (const item of value) {
      const found = unstorableAt(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const inKey = unstorableIn(key);
    if (inKey) return { path: "", problem: inKey };
    const found = unstorableAt(item, depth + 1);
    if (found) return { ...found, path: found.path === "" ? key : `${key}.${found.path}` };
  }
  return undefined;
}

/** A field's path as a message shows it: a plain path of words, short; anything else unnamed. */
function shownField(path: string): string | undefined {
  return /^[A-Za-z_][\w.-]{0,63}$/.test(path) ? path : undefined;
}

/**
 * Refuses text no database stores as sent, in any params, query or body, before validation, with
 * one clear 400 naming the field:
 * - U+0000: PostgreSQL cannot store it in text (every such write was a 500, sign-in's lookup
 *   included), and on SQLite it went into titles, names and searches unseen;
 * - a lone surrogate (LONE_SURROGATE), which got past every length limit (round 40).
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = unstorableAt(part);
      if (!found) continue;
      const field = shownField(found.path);
      throw found.problem === "nul"
        ? badRequest(MESSAGES.nulCharacter(field), "nul_character")
        : badRequest(MESSAGES.loneSurrogate(field), "lone_surrogate");
    }
  });
}
