import { MESSAGES } from "@sawdust/shared";
import type { FormEvent } from "react";
import { toast } from "@/hooks/use-toast";
import { useLogin } from "@/lib/auth";
import { describeAuthFailure, LOGIN_FAILURE_TITLES } from "../auth-failure";
import { FormField } from "./form-field";
import { formText } from "./form-text";
import { SubmitButton } from "./submit-button";

/** Signing in; once the user is known the auth screen moves on by itself. */
export function LoginForm() {
  const login = useLogin({ showErrorToast: false });

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      await login.mutateAsync({
        username: formText(form, "username"),
        password: formText(form, "password"),
      });
      toast({ title: MESSAGES.auth.success, description: MESSAGES.auth.signedIn });
    } catch (error) {
      toast({ ...describeAuthFailure(error, LOGIN_FAILURE_TITLES), variant: "destructive" });
    }
  }

  return (
    <form className="grid gap-5" onSubmit={(event) => void signIn(event)}>
      <FormField label="Username" name="username" autoComplete="username" required />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      <SubmitButton busy={login.isPending} label="Login" />
    </form>
  );
}
