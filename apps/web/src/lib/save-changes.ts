import { ApiRequestError, isApiRequestError } from "./api-client";

/** Which of a form's fields the person changed (react-hook-form's `dirtyFields`). */
export type ChangedFields<T> = {
  [K in keyof T]?: T[K] extends readonly unknown[]
    ? unknown
    : T[K] extends object
      ? ChangedFields<T[K]>
      : boolean;
};

/**
 * `latest` with the fields the person changed taken from `values`: what a form made from an older
 * version saves, so that the fields somebody else saved meanwhile stay as they saved them. An
 * array counts as one field.
 */
export function changesOnto<T extends object>(latest: T, values: T, changed: ChangedFields<T>): T {
  const merged: Record<string, unknown> = { ...(latest as Record<string, unknown>) };
  for (const [key, mark] of Object.entries(changed as Record<string, unknown>)) {
    const value = (values as Record<string, unknown>)[key];
    if (mark === true || Array.isArray(mark)) merged[key] = value;
    else if (mark && typeof mark === "object" && value && typeof value === "object") {
      const base = (latest as Record<string, unknown>)[key];
      merged[key] = changesOnto((base ?? {}) as object, value, mark as ChangedFields<object>);
    }
  }
  return merged as T;
}

/** The same value: primitives by value, an array (one field) by its items. */
function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether a field the person changed was saved otherwise since their form loaded (`loaded`, the
 * values the form started from): its value `latest` differs from the loaded one, and from what
 * the person typed (another admin saving the same words loses nothing). Saving would silently
 * undo the other admin's change to that field, so the save is refused instead.
 */
export function changedMeanwhile<T extends object>(
  loaded: unknown,
  latest: T,
  values: T,
  changed: ChangedFields<T>,
): boolean {
  const from = (loaded ?? {}) as Record<string, unknown>;
  const now = latest as Record<string, unknown>;
  const typed = values as Record<string, unknown>;
  for (const [key, mark] of Object.entries(changed as Record<string, unknown>)) {
    if (mark === true || Array.isArray(mark)) {
      if (!same(now[key], from[key]) && !same(now[key], typed[key])) return true;
    } else if (mark && typeof mark === "object") {
      const nested = (now[key] ?? {}) as object;
      const value = (typed[key] ?? {}) as object;
      if (changedMeanwhile(from[key], nested, value, mark as ChangedFields<object>)) return true;
    }
  }
  return false;
}

/** How many times a save starts again after another save came in between it and its read. */
const SAVE_ATTEMPTS = 3;

/**
 * Saves a form's changes to a value several admins may edit (a whole-value PUT): reads the value
 * as it is now with its version, puts the changed fields onto it and saves naming that version
 * (`If-Match`), so that fields another admin saved meanwhile stay as they saved them. A field the
 * person changed that another admin also changed since the form loaded (`loaded`) is not
 * overwritten: the save is refused as the server refuses a stale version, a 412 whose message is
 * `conflict`, and nothing is written. When another save lands between the read and the write, the
 * server refuses (412) and this starts again from the newer value; after a few tries its refusal
 * is the error.
 */
export async function saveChanges<T extends object>(call: {
  read: () => Promise<{ data: T; version: string | null }>;
  write: (value: T, version: string | undefined) => Promise<T>;
  values: T;
  changed: ChangedFields<T>;
  /** The values the form started from (react-hook-form's `formState.defaultValues`). */
  loaded: unknown;
  /** What the person is told when a field they changed was changed by someone else meanwhile. */
  conflict: string;
}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const latest = await call.read();
    if (changedMeanwhile(call.loaded, latest.data, call.values, call.changed)) {
      throw new ApiRequestError(412, "Precondition Failed", call.conflict);
    }
    try {
      return await call.write(
        changesOnto(latest.data, call.values, call.changed),
        latest.version ?? undefined,
      );
    } catch (error) {
      if (attempt >= SAVE_ATTEMPTS || !isApiRequestError(error) || error.status !== 412) {
        throw error;
      }
    }
  }
}
