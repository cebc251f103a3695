import { MESSAGES } from "@sawdust/shared";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../lib/errors.js";

/** True when a string anywhere in a parsed body, query or path holds U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000") || holdsNul(item, depth + 1)) return true;
  }
  return false;
}

/**
 * Refuses U+0000 in any text a request sends, before validation: PostgreSQL cannot store it in
 * text (every such write was a 500, sign-in's lookup included), and on SQLite it went into titles,
 * names and searches unseen. One rule for both databases, and one clear 400.
 */
export function refuseNulCharacters(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw badRequest(MESSAGES.nulCharacter, "nul_character");
    }
  });
}
