import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_RULES, MESSAGES, type RegisterBody, ZRegisterBody } from "@sawdust/shared";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { toast } from "@/hooks/use-toast";
import { useOneAtATime } from "@/lib/one-at-a-time";
import { useRegister } from "../api/register";
import {
  describeAuthFailure,
  describeRefusedForm,
  fieldOfRefusal,
  REGISTRATION_FAILURE_TITLES,
} from "../auth-failure";
import { safeRedirectPath } from "../safe-redirect";
import { FormField } from "./form-field";
import { SubmitButton } from "./submit-button";

const REGISTERED_FIELDS = ["username", "email", "password"] as const;

/**
 * Creating an account. The browser insists the fields are filled in; the bounds are the server's
 * own schema, checked here first, and a refusal shows in the failure toast in the server's words,
 * and under the field it is about, which takes the focus.
 * The page the visitor signed up from (`?redirect=`) goes with it: the confirmation link that is
 * mailed leads back there.
 */
export function RegisterForm() {
  const register = useRegister();
  const [searchParams] = useSearchParams();
  const returnTo = safeRedirectPath(searchParams.get("redirect"), window.location.origin);
  const form = useForm({
    resolver: zodResolver(ZRegisterBody),
    defaultValues: { username: "", email: "", password: "" },
  });
  const { errors } = form.formState;

  const createAccount = useOneAtATime(async (body: RegisterBody) => {
    try {
      await register.mutateAsync(returnTo ? { ...body, returnTo } : body);
      toast({ title: MESSAGES.auth.success, description: MESSAGES.auth.accountCreated });
    } catch (error) {
      toast({ ...describeAuthFailure(error, REGISTRATION_FAILURE_TITLES), variant: "destructive" });
      // A refusal of one field is said under it too, and the field takes the focus (round 44).
      const refused = fieldOfRefusal(error, REGISTERED_FIELDS);
      if (refused)
        form.setError(refused.field, { message: refused.message }, { shouldFocus: true });
    }
  });

  return (
    <form
      className="grid gap-5"
      onSubmit={form.handleSubmit(createAccount, (errors) =>
        toast({
          ...describeRefusedForm(errors, REGISTRATION_FAILURE_TITLES),
          variant: "destructive",
        }),
      )}
    >
      <FormField
        label="Username"
        autoComplete="username"
        required
        error={errors.username?.message}
        {...form.register("username")}
      />
      <FormField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...form.register("email")}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${ACCOUNT_RULES.passwordMin} characters.`}
        required
        error={errors.password?.message}
        {...form.register("password")}
      />
      <SubmitButton busy={register.isPending} label="Create account" />
    </form>
  );
}
