/**
 * The first message in a form's errors (or one field's), in the order the schema found them. For
 * a whole form that is what the server's answer would have said (it sends the first issue's
 * message), for a form that reports a refusal as a whole rather than under each field.
 */
export function firstErrorMessage(errors: object | undefined): string | undefined {
  if (!errors) return undefined;
  const { message } = errors as { message?: unknown };
  if (typeof message === "string" && message) return message;
  for (const [key, value] of Object.entries(errors)) {
    // `ref` is the field's element, not an error.
    if (key === "ref" || !value || typeof value !== "object") continue;
    const nested = firstErrorMessage(value);
    if (nested) return nested;
  }
  return undefined;
}
