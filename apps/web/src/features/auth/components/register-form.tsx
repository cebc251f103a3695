import { ACCOUNT_RULES, MESSAGES } from "@sawdust/shared";
import type { FormEvent } from "react";
import { toast } from "@/hooks/use-toast";
import { useRegister } from "@/lib/auth";
import { describeAuthFailure, REGISTRATION_FAILURE_TITLES } from "../auth-failure";
import { FormField } from "./form-field";
import { formText } from "./form-text";
import { SubmitButton } from "./submit-button";

/**
 * Creating an account. Bounds are checked by the server, whose message the failure toast shows;
 * the browser only insists the fields are filled in.
 */
export function RegisterForm() {
  const register = useRegister({ showErrorToast: false });

  async function createAccount(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      await register.mutateAsync({
        username: formText(form, "username"),
        email: formText(form, "email"),
        password: formText(form, "password"),
      });
      toast({ title: MESSAGES.auth.success, description: MESSAGES.auth.accountCreated });
    } catch (error) {
      toast({ ...describeAuthFailure(error, REGISTRATION_FAILURE_TITLES), variant: "destructive" });
    }
  }

  return (
    <form className="grid gap-5" onSubmit={(event) => void createAccount(event)}>
      <FormField label="Username" name="username" autoComplete="username" required />
      <FormField label="Email" name="email" type="email" autoComplete="email" required />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${ACCOUNT_RULES.passwordMin} characters.`}
        required
      />
      <SubmitButton busy={register.isPending} label="Create account" />
    </form>
  );
}
