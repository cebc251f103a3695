import { MESSAGES } from "@sawdust/shared";
import { badRequest } from "./errors.js";

/**
 * The cursor of a list paged newest first by id: opaque to clients (base64url of the last id of
 * the page), so its form can change without breaking a link.
 */
export function encodeIdCursor(id: number): string {
  return Buffer.from(JSON.stringify({ id })).toString("base64url");
}

/** The id a cursor from `encodeIdCursor` names; none for no cursor; 400 for anything else. */
export function decodeIdCursor(cursor: string | undefined): number | undefined {
  if (!cursor || cursor === "0") return undefined;
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as { id?: unknown };
    if (typeof value.id === "number" && Number.isSafeInteger(value.id) && value.id > 0) {
      return value.id;
    }
  } catch {
    // Not one of ours: refused below.
  }
  throw badRequest(MESSAGES.badCursor, "bad_cursor");
}
