import { formatCents, groupDigits, MESSAGES } from "@sawdust/shared";

/** A change of one field: its name and the values before and after. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** An entry's details as the table shows them: the changes, then the other facts. */
export interface ReadableDetails {
  changes: FieldChange[];
  facts: Array<{ name: string; value: string }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * "freeTier.monthlyDownloads" → "free tier › monthly downloads"; "sessionsEnded" → "sessions
 * ended"; "priceCents" → "price".
 */
export function fieldName(key: string): string {
  return key
    .split(".")
    .map((part) =>
      part
        // Money reads as dollars (fieldValueText): "priceCents" is the price.
        .replace(/_?cents$/i, "")
        .replace(/_/g, " ")
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .toLowerCase(),
    )
    .join(" › ");
}

/** A stored value in words: text as it is, nothing as "none", the rest as compact JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "string") return value;
  if (typeof value === "number") return groupDigits(value);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return JSON.stringify(value);
}

/** Fields that hold money in cents: an image's `price`, a sale's `priceCents`. */
const isMoney = (key: string) => key === "price" || /cents$/i.test(key);

/** A field's value in words: money as dollars ("$45.00", not "4,500"), the rest as valueText. */
function fieldValueText(key: string, value: unknown): string {
  return isMoney(key) && typeof value === "number" ? `$${formatCents(value)}` : valueText(value);
}

/**
 * Details as before → after for every field that `before` or `after` names, and the remaining
 * keys (a username, a count) as plain facts.
 */
export function readableDetails(details: Record<string, unknown>): ReadableDetails {
  const { before, after, ...rest } = details;
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return {
    changes: fields.map((field) => ({
      field: fieldName(field),
      before: fieldValueText(field, was[field]),
      after: fieldValueText(field, now[field]),
    })),
    facts: [
      // A before or after that is not an object of fields is a fact like any other.
      ...(before !== undefined && !isRecord(before) ? [["before", before] as const] : []),
      ...(after !== undefined && !isRecord(after) ? [["after", after] as const] : []),
      ...Object.entries(rest),
    ].map(([name, value]) => ({ name: fieldName(name), value: fieldValueText(name, value) })),
  };
}

/** Who acted when an entry names no admin: nobody known for a refused sign-in, else the system. */
export function noActorText(action: string): string {
  return action.startsWith("auth.") ? MESSAGES.audit.notSignedIn : MESSAGES.audit.system;
}
