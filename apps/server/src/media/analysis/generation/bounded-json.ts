import { MAX_JSON_CHARS, MAX_JSON_DEPTH } from "./limits.js";

export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/**
 * JSON.parse behind a size and depth check, returning undefined instead of throwing. The depth
 * check runs first, over the text, so a hostile document never reaches recursive code later.
 */
export function parseBoundedJson(text: string): JsonValue | undefined {
  if (text.length > MAX_JSON_CHARS || nestingDepth(text) > MAX_JSON_DEPTH) return undefined;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return undefined;
  }
}

/** The deepest bracket nesting in a JSON text, ignoring brackets inside strings. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > MAX_JSON_DEPTH) return deepest;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/** A JSON object (not an array, not null), or undefined. */
export function asObject(value: unknown): JsonObject | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as JsonObject)
    : undefined;
}

/** An own property only: a graph node named "constructor" must not reach Object.prototype. */
export function ownField(object: JsonObject | undefined, key: string): JsonValue | undefined {
  return object !== undefined && Object.hasOwn(object, key) ? object[key] : undefined;
}

/**
 * A lookup of an object's own fields by any of several spellings, compared case-insensitively.
 * The lowercased key index is built once, so many lookups on a huge object stay cheap.
 */
export function aliasLookup(
  object: JsonObject,
): (aliases: readonly string[]) => JsonValue | undefined {
  const byLowerKey = new Map<string, string>();
  for (const key of Object.keys(object).slice(0, MAX_ALIAS_KEYS)) {
    const lower = key.toLowerCase();
    if (!byLowerKey.has(lower)) byLowerKey.set(lower, key);
  }
  return (aliases) => {
    for (const alias of aliases) {
      const key = byLowerKey.get(alias.toLowerCase());
      if (key !== undefined) return object[key];
    }
    return undefined;
  };
}

const MAX_ALIAS_KEYS = 10_000;

/** A non-empty trimmed string. */
export function asText(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** A finite number, also from a numeric string ("12345" seeds are common). */
export function asFiniteNumber(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? value : undefined;
  if (typeof value === "string" && NUMERIC.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

const NUMERIC = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
