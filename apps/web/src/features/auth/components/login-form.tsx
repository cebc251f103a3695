import { zodResolver } from "@hookform/resolvers/zod";
import { type LoginBody, MESSAGES, type TwoFactorChallenge, ZLoginBody } from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { toast } from "@/hooks/use-toast";
import { AUTH_USER_QUERY_KEY, refreshSession } from "@/lib/api/get-current-user";
import { useOneAtATime } from "@/lib/one-at-a-time";
import { useLogin } from "../api/login";
import { describeAuthFailure, describeRefusedForm, LOGIN_FAILURE_TITLES } from "../auth-failure";
import { FormField } from "./form-field";
import { SubmitButton } from "./submit-button";
import { TwoFactorStep } from "./two-factor-step";

/**
 * Signing in; once the user is known the auth screen moves on by itself. `username` fills the
 * field in (the member whose session ended signs in again).
 */
export function LoginForm({ username = "" }: { username?: string }) {
  const login = useLogin();
  // Checked with the server's own schema; a refusal reads as the server's would, in the toast.
  const form = useForm({
    resolver: zodResolver(ZLoginBody),
    defaultValues: { username, password: "" },
    shouldFocusError: false,
  });

  // Two-factor sign-in on: after the password comes the code step.
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const signIn = useOneAtATime(async (body: LoginBody) => {
    try {
      const result = await login.mutateAsync(body);
      if ("twoFactorRequired" in result) {
        setChallenge(result);
        return;
      }
      // An admin the site requires two-factor of goes to turn it on.
      if (result.twoFactorSetupRequired) {
        queryClient.setQueryData(AUTH_USER_QUERY_KEY, result.user);
        navigate(paths.accountSecurity.getHref(), { replace: true });
        await refreshSession(queryClient);
      }
      toast({ title: MESSAGES.auth.success, description: MESSAGES.auth.signedIn });
    } catch (error) {
      toast({ ...describeAuthFailure(error, LOGIN_FAILURE_TITLES), variant: "destructive" });
    }
  });

  if (challenge) {
    return (
      <TwoFactorStep
        challenge={challenge}
        onCancel={() => {
          setChallenge(null);
          form.resetField("password");
        }}
      />
    );
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
      <Link
        to={paths.passwordReset.getHref()}
        className="justify-self-center text-sm underline underline-offset-4"
      >
        {MESSAGES.account.forgotPassword}
      </Link>
    </form>
  );
}
