import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginBody, MESSAGES, ZLoginBody } from "@sawdust/shared";
import { useForm } from "react-hook-form";
import { toast } from "@/hooks/use-toast";
import { useLogin } from "../api/login";
import { describeAuthFailure, describeRefusedForm, LOGIN_FAILURE_TITLES } from "../auth-failure";
import { FormField } from "./form-field";
import { SubmitButton } from "./submit-button";

/** Signing in; once the user is known the auth screen moves on by itself. */
export function LoginForm() {
  const login = useLogin();
  // Checked with the server's own schema; a refusal reads as the server's would, in the toast.
  const form = useForm({
    resolver: zodResolver(ZLoginBody),
    defaultValues: { username: "", password: "" },
    shouldFocusError: false,
  });

  async function signIn(body: LoginBody) {
    try {
      await login.mutateAsync(body);
      toast({ title: MESSAGES.auth.success, description: MESSAGES.auth.signedIn });
    } catch (error) {
      toast({ ...describeAuthFailure(error, LOGIN_FAILURE_TITLES), variant: "destructive" });
    }
  }

  return (
    <form
      className="grid gap-5"
      onSubmit={form.handleSubmit(signIn, (errors) =>
        toast({ ...describeRefusedForm(errors, LOGIN_FAILURE_TITLES), variant: "destructive" }),
      )}
    >
      <FormField label="Username" autoComplete="username" required {...form.register("username")} />
      <FormField
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        {...form.register("password")}
      />
      <SubmitButton busy={login.isPending} label="Login" />
    </form>
  );
}
