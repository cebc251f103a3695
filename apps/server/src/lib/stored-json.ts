/**
 * A JSON object kept as text in a column (analysis, audit details): the object, or `{}` when the
 * text is not one, so one damaged row never fails a page that lists it.
 */
export function parseStoredObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
