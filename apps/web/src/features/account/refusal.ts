import { MESSAGES } from "@sawdust/shared";
import { isApiRequestError } from "@/lib/api-client";

/** The server's words for a refused request, else the generic message. */
export function refusalOf(error: unknown): string {
  return isApiRequestError(error) && error.status < 500
    ? error.body
    : MESSAGES.account.changeFailed;
}
