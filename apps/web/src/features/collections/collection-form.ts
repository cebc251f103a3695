import {
  type CollectionCreateBody,
  type CollectionUpdateBody,
  ZCollectionCreateBody,
  ZCollectionUpdateBody,
} from "@sawdust/shared";
import type { z } from "zod";

/** What the name and description fields hold, as typed. */
export interface CollectionFormValues {
  name: string;
  description: string;
}

export type CollectionFormErrors = Partial<Record<keyof CollectionFormValues, string>>;

export type CollectionFormResult<Body> =
  | { ok: true; body: Body }
  | { ok: false; errors: CollectionFormErrors };

/** The first message for each field; zod reports every broken rule, a form shows one. */
function errorsOf(error: z.ZodError): CollectionFormErrors {
  const errors: CollectionFormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if ((field === "name" || field === "description") && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * The create form checked by the shared contract (spec section 5): a trimmed name is required
 * ('Please enter a collection name'), a blank description is none, and new collections are
 * public (spec section 7).
 */
export function parseNewCollection(
  values: CollectionFormValues,
): CollectionFormResult<CollectionCreateBody> {
  const parsed = ZCollectionCreateBody.safeParse({ ...values, isPublic: true });
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, errors: errorsOf(parsed.error) };
}

/** The edit dialog's form: name and description trimmed, the name not empty ('Collection name cannot be empty'). */
export function parseCollectionEdit(
  values: CollectionFormValues,
): CollectionFormResult<CollectionUpdateBody> {
  const parsed = ZCollectionUpdateBody.safeParse(values);
  if (!parsed.success) return { ok: false, errors: errorsOf(parsed.error) };
  return { ok: true, body: { name: parsed.data.name, description: parsed.data.description } };
}

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** 'MMM d, yyyy', the app's date format (spec section 2, "API keys"). */
export function formatCollectionDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DATE_FORMAT.format(date);
}

/** The collection id of a /collections/{id} path, or null when it is not a whole positive number. */
export function collectionIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
