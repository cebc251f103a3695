import { MESSAGES } from "@sawdust/shared";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";

/** The toast for a refused or failed call: the server's words when it gave some. */
export function toastFailure(error: unknown) {
  toast({
    title: MESSAGES.twoFactor.failed,
    description:
      isApiRequestError(error) && error.status < 500 && error.body
        ? error.body
        : MESSAGES.genericError,
    variant: "destructive",
  });
}
