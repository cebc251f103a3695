import { zodResolver } from "@hookform/resolvers/zod";
import { type ChangePasswordBody, MESSAGES, ZChangePasswordBody } from "@sawdust/shared";
import { useForm } from "react-hook-form";
import { toast } from "@/hooks/use-toast";
import { useChangePassword } from "../api/change-password";
import { refusalOf } from "../refusal";
import { LabelledInput } from "./labelled-input";
import { AccountSection, FormFoot } from "./section";

const m = MESSAGES.account;

/** A new password, with the current one; the member's other sessions end. */
export function PasswordSection() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordBody>({
    resolver: zodResolver(ZChangePasswordBody),
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const { errors } = form.formState;
  return (
    <AccountSection id="password" title={m.passwordSection}>
      <form
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={form.handleSubmit(
          (body) =>
            change.mutate(body, {
              onSuccess: () => {
                form.reset();
                toast({ title: m.passwordChanged });
              },
            }),
          // Refused here before it is sent: the last answer's refusal no longer describes the form.
          () => change.reset(),
        )}
      >
        <LabelledInput
          label={m.currentPassword}
          type="password"
          autoComplete="current-password"
          problem={errors.currentPassword?.message}
          {...form.register("currentPassword")}
        />
        <LabelledInput
          label={m.newPassword}
          type="password"
          autoComplete="new-password"
          problem={errors.newPassword?.message}
          {...form.register("newPassword")}
        />
        <FormFoot
          problem={change.isError ? refusalOf(change.error) : undefined}
          pending={change.isPending}
        >
          {m.changePassword}
        </FormFoot>
      </form>
    </AccountSection>
  );
}
