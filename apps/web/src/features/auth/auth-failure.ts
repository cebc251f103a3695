import { MESSAGES } from "@sawdust/shared";
import { isApiRequestError } from "@/lib/api-client";
import { firstErrorMessage } from "@/lib/form-errors";

interface FailureTitles {
  /** The server answered, with a non-OK status. */
  rejected: string;
  /** The request itself failed (network, or a body we could not read). */
  failed: string;
}

export const LOGIN_FAILURE_TITLES: FailureTitles = {
  rejected: MESSAGES.auth.loginFailed,
  failed: MESSAGES.auth.loginError,
};

export const REGISTRATION_FAILURE_TITLES: FailureTitles = {
  rejected: MESSAGES.auth.registrationFailed,
  failed: MESSAGES.auth.registrationError,
};

/**
 * The toast for a failed sign-in or sign-up (spec section 8 "Auth"): from 500 up the status text,
 * for other answers the server's message, for a network failure the error's own text.
 */
export function describeAuthFailure(
  error: unknown,
  titles: FailureTitles,
): { title: string; description: string } {
  if (isApiRequestError(error)) {
    const description = error.status >= 500 ? error.statusText : error.body;
    return { title: titles.rejected, description: description || MESSAGES.genericError };
  }
  const description = error instanceof Error ? error.message : "";
  return { title: titles.failed, description: description || MESSAGES.genericError };
}

/**
 * The toast for a form the shared schema refused before it was sent: the same title and words as
 * the server's refusal of it (spec section 5 shows no bounds beside the fields).
 */
export function describeRefusedForm(
  errors: object,
  titles: FailureTitles,
): { title: string; description: string } {
  return {
    title: titles.rejected,
    description: firstErrorMessage(errors) ?? MESSAGES.genericError,
  };
}

/**
 * Which of a form's fields a refusal's words are about: the one field they name (`Username must
 * be…`, `That username is already taken`, `Please enter a valid email address`), or none
 * (`Invalid username or password` names two, and is about neither alone: the toast says it).
 */
export function fieldOfRefusal<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): { field: Field; message: string } | undefined {
  if (!isApiRequestError(error) || error.status >= 500 || !error.body) return undefined;
  const named = fields.filter((field) => new RegExp(`\\b${field}\\b`, "i").test(error.body));
  const [field] = named;
  return named.length === 1 && field ? { field, message: error.body } : undefined;
}
