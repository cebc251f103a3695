import { zodResolver } from "@hookform/resolvers/zod";
import { type Account, type ChangeEmailBody, MESSAGES, ZChangeEmailBody } from "@sawdust/shared";
import { useForm } from "react-hook-form";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useResendVerification } from "@/lib/api/resend-verification";
import { useChangeEmail } from "../api/change-email";
import { refusalOf } from "../refusal";
import { LabelledInput } from "./labelled-input";
import { AccountSection, FormFoot, WRAPPING_BUTTON } from "./section";

const m = MESSAGES.account;

/** The address, whether it is confirmed, and changing it (confirmed at the new address first). */
export function EmailSection({ account }: { account: Account }) {
  const resend = useResendVerification();
  const change = useChangeEmail();
  const form = useForm<ChangeEmailBody>({
    resolver: zodResolver(ZChangeEmailBody),
    defaultValues: { email: "", password: "" },
  });
  const { errors } = form.formState;
  return (
    <AccountSection id="email" title={m.emailSection}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 break-all font-medium" data-testid="account-email">
          {account.email}
        </span>
        <Badge variant={account.emailVerified ? "secondary" : "outline"}>
          {account.emailVerified ? m.verified : m.notVerified}
        </Badge>
      </div>
      {!account.emailVerified && (
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{m.verifyHere}</p>
          <div>
            <Button
              variant="outline"
              {...WRAPPING_BUTTON}
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: () => toast({ title: m.verificationSent }),
                  onError: (error) => toast({ title: refusalOf(error), variant: "destructive" }),
                })
              }
            >
              {m.resendVerification}
            </Button>
          </div>
        </div>
      )}
      {account.pendingEmail && (
        <p role="status" className="text-sm text-muted-foreground">
          {m.pendingEmail(account.pendingEmail)}
        </p>
      )}
      <form
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={form.handleSubmit(
          (body) =>
            change.mutate(body, {
              onSuccess: () => {
                form.reset();
                toast({ title: m.emailChangeSent(body.email) });
              },
            }),
          // Refused here before it is sent: the last answer's refusal no longer describes the form.
          () => change.reset(),
        )}
      >
        <LabelledInput
          label={m.newEmail}
          type="email"
          autoComplete="email"
          problem={errors.email?.message}
          {...form.register("email")}
        />
        <LabelledInput
          label={m.currentPassword}
          type="password"
          autoComplete="current-password"
          problem={errors.password?.message}
          {...form.register("password")}
        />
        <FormFoot
          problem={change.isError ? refusalOf(change.error) : undefined}
          pending={change.isPending}
        >
          {m.changeEmail}
        </FormFoot>
      </form>
    </AccountSection>
  );
}
