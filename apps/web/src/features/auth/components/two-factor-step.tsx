import { MESSAGES, type TwoFactorChallenge, ZRecoveryCode, ZTotpCode } from "@sawdust/shared";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useLoginTwoFactor } from "../api/login-two-factor";
import { describeAuthFailure, LOGIN_FAILURE_TITLES } from "../auth-failure";
import { FormField } from "./form-field";
import { SubmitButton } from "./submit-button";

const m = MESSAGES.twoFactor;

/**
 * The sign-in step after the password when two-factor sign-in is on: a code from the app, or a
 * recovery code. Once it signs in, the auth screen moves on by itself.
 */
export function TwoFactorStep({
  challenge,
  onCancel,
}: {
  challenge: TwoFactorChallenge;
  onCancel: () => void;
}) {
  const finish = useLoginTwoFactor();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState("");
  /** Why the last code was refused, said under the field until it is typed in again. */
  const [error, setError] = useState<string>();
  const input = useRef<HTMLInputElement>(null);

  // The field the step asks for keeps the focus: the password form it replaced had it, and a
  // switch between code and recovery code makes a new field.
  useEffect(() => {
    if (document.activeElement?.tagName !== "INPUT") input.current?.focus();
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = (useRecovery ? ZRecoveryCode : ZTotpCode).safeParse(value);
    if (!parsed.success) {
      const description = useRecovery ? m.recoveryCodeFormat : m.codeFormat;
      toast({ title: MESSAGES.auth.loginFailed, description, variant: "destructive" });
      setError(description);
      input.current?.focus();
      return;
    }
    try {
      await finish.mutateAsync({
        pendingToken: challenge.pendingToken,
        ...(useRecovery ? { recoveryCode: parsed.data } : { code: parsed.data }),
      });
      toast({ title: MESSAGES.auth.success, description: MESSAGES.auth.signedIn });
    } catch (failure) {
      setValue("");
      const described = describeAuthFailure(failure, LOGIN_FAILURE_TITLES);
      toast({ ...described, variant: "destructive" });
      setError(described.description);
      input.current?.focus();
    }
  }

  return (
    <form className="grid gap-5" onSubmit={submit} aria-labelledby="two-factor-title">
      <div>
        <h2 id="two-factor-title" className="font-display text-xl font-semibold">
          {m.codeStepTitle}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          {useRecovery ? m.recoveryStepDescription : m.codeStepDescription}
        </p>
      </div>
      <FormField
        ref={input}
        key={useRecovery ? "recovery" : "code"}
        name={useRecovery ? "recoveryCode" : "code"}
        label={useRecovery ? m.recoveryCodeLabel : m.codeLabel}
        autoComplete="one-time-code"
        inputMode={useRecovery ? "text" : "numeric"}
        spellCheck={false}
        autoCapitalize="off"
        maxLength={useRecovery ? 16 : 9}
        required
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.target.value);
          setError(undefined);
        }}
      />
      <SubmitButton busy={finish.isPending} label={m.verify} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue("");
            setError(undefined);
          }}
        >
          {useRecovery ? m.useAuthenticatorCode : m.useRecoveryCode}
        </Button>
        <Button type="button" variant="link" className="h-auto px-0" onClick={onCancel}>
          {m.backToSignIn}
        </Button>
      </div>
    </form>
  );
}
