import { createHash } from "node:crypto";

/**
 * A strong ETag naming one version of a value (its JSON, keys in order): a form loaded with one version can ask
 * the save to go ahead only while that version is still the stored one (`If-Match`).
 */
export function versionTagOf(value: unknown): string {
  const text = JSON.stringify(value, (_key, field: unknown) =>
    field && typeof field === "object" && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : 1)))
      : field,
  );
  return `"${createHash("sha256").update(text).digest("base64url").slice(0, 22)}"`;
}

/**
 * Whether an `If-Match` header (RFC 9110, 13.1.1) lets a save replace the version `tag`: no header,
 * `*` (the value always exists, as its defaults at least), or a list naming `tag`.
 */
export function ifMatchAllows(header: string | undefined, tag: string): boolean {
  if (header === undefined) return true;
  const tags = header.split(",").map((t) => t.trim());
  return tags.includes("*") || tags.includes(tag);
}
