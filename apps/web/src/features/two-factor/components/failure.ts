import { MESSAGES } from "@sawdust/shared";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";

const m = MESSAGES.twoFactor;

/** The toast for a refused or failed call: the server's words when it gave some. */
export function toastFailure(error: unknown) {
  toast({
    title: m.failed,
    description:
      isApiRequestError(error) && error.status < 500 && error.body
        ? error.body
        : MESSAGES.genericError,
    variant: "destructive",
  });
}

/** The server's refusals that are about one field of these forms, and that field. */
const FIELD_OF_REFUSAL: Record<string, "code" | "password"> = {
  [m.wrongCode]: "code",
  [m.wrongRecoveryCode]: "code",
  [m.wrongPassword]: "password",
};

/**
 * A refused call of a two-factor form: the toast, and, when the refusal is about one of the form's
 * fields (a wrong code, a wrong password), its message under that field, which is marked invalid
 * and takes the focus (round 44: the toast alone went after 5 s and named no field).
 */
export function showFailure<Values extends FieldValues>(
  form: UseFormReturn<Values>,
  error: unknown,
) {
  toastFailure(error);
  const field = isApiRequestError(error) ? FIELD_OF_REFUSAL[error.body] : undefined;
  if (field === undefined || !(field in form.getValues())) return;
  const name = field as Path<Values>;
  form.setError(
    name,
    { message: isApiRequestError(error) ? error.body : "" },
    { shouldFocus: true },
  );
}
