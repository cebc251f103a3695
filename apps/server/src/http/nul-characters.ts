import { MESSAGES } from "@sawdust/shared";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/errors.js";

/**
 * Where the first U+0000 sits in a parsed body, query or path: `""` for a top-level string,
 * the keys leading to it joined with dots (`tags`, `aiAnalysis.title`; a list's item by the list's
 * key), or undefined when there is none.
 */
export function nulAt(value: unknown, depth = 0): string | undefined {
  if (typeof value === "string") return value.includes("\u0000") ? "" : undefined;
  if (depth > 64 || value === null || typeof value !== "object") return undefined;
  if (Array.isArray(value)) {
    // A repeated parameter or a list: named by the key that holds it, not by an index.
    for (const item of value) {
      const inner = nulAt(item, depth + 1);
      if (inner !== undefined) return inner;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return "";
    const inner = nulAt(item, depth + 1);
    if (inner !== undefined) return inner === "" ? key : `${key}.${inner}`;
  }
  return undefined;
}

/** A field's path as a message shows it: a plain path of words, short; anything else unnamed. */
function shownField(path: string): string | undefined {
  return /^[A-Za-z_][\w.-]{0,63}$/.test(path) ? path : undefined;
}

/**
 * Refuses U+0000 in any text a request sends, before validation: PostgreSQL cannot store it in
 * text (every such write was a 500, sign-in's lookup included), and on SQLite it went into titles,
 * names and searches unseen. One rule for both databases, and one clear 400 naming the field.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const at = nulAt(part);
      if (at !== undefined) {
        throw badRequest(MESSAGES.nulCharacter(shownField(at)), "nul_character");
      }
    }
  });
}
