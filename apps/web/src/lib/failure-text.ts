import { MESSAGES } from "@sawdust/shared";
import { isApiRequestError } from "@/lib/api-client";

/** What went wrong, in the server's words when it gave some. */
export function failureText(error: unknown): string {
  if (isApiRequestError(error)) return error.status >= 500 ? error.message : error.body;
  return error instanceof Error && error.message ? error.message : MESSAGES.genericError;
}
