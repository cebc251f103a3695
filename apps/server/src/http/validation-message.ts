/** One failed check as fastify-type-provider-zod reports it: the zod issue's fields in `params`. */
export interface ValidationIssue {
  keyword?: string;
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Zod's own wording, which names no field ("Too big: expected string to have <=200 characters"). */
const ZOD_DEFAULT =
  /^(Invalid input|Invalid option|Too big|Too small|Invalid|Unrecognized keys?)\b/;

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
};

/**
 * The message a 400 carries for a failed check: the schema's own message when it wrote one, and
 * otherwise Zod's default said again with the field named ("style must be at most 200
 * characters", "size must be one of preview, basic, …").
 */
export function validationMessage(issue: ValidationIssue | undefined, context = "body"): string {
  const message = issue?.message ?? "Invalid request";
  if (!ZOD_DEFAULT.test(message)) return message;
  const path = (issue?.instancePath ?? "").split("/").filter(Boolean).join(".");
  const field = path || `The request ${context}`;
  const p = issue?.params ?? {};
  const unit = (origin: unknown) =>
    origin === "string" ? " characters" : origin === "array" || origin === "set" ? " items" : "";
  switch (issue?.keyword) {
    case "invalid_type": {
      const kind = KINDS[String(p.expected)];
      return kind ? `${field} must be ${kind}` : `${field} is not valid`;
    }
    case "too_big":
      return `${field} must be at most ${String(p.maximum)}${unit(p.origin)}`;
    case "too_small":
      return p.origin === "number" && p.minimum === 0 && p.inclusive === false
        ? `${field} must be more than 0`
        : `${field} must be at least ${String(p.minimum)}${unit(p.origin)}`;
    case "unrecognized_keys": {
      const keys = Array.isArray(p.keys) ? p.keys.map((key) => JSON.stringify(String(key))) : [];
      const where = path ? ` in ${path}` : "";
      return `${keys.length > 1 ? "Unknown fields" : "Unknown field"} ${keys.join(", ")}${where}: the request ${context} cannot have ${keys.length > 1 ? "them" : "it"}`;
    }
    case "invalid_value":
      return Array.isArray(p.values)
        ? `${field} must be one of ${p.values.map(String).join(", ")}`
        : `${field} is not valid`;
    default:
      return `${field} is not valid`;
  }
}
