import { zodResolver } from "@hookform/resolvers/zod";
import {
  MESSAGES,
  type RecoveryCodes,
  type TwoFactorConfirmBody,
  type TwoFactorEnrolment,
  ZTwoFactorConfirmBody,
} from "@sawdust/shared";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useFocusWhenDropped } from "@/lib/focus-when-dropped";
import { useConfirmEnrolment } from "../api/confirm-enrolment";
import { showFailure } from "./failure";
import { Field } from "./field";

const m = MESSAGES.twoFactor;

/** Scanning the new secret (or typing it) and confirming it with the app's first code. */
export function EnrolPanel({
  enrolment,
  onEnabled,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onEnabled: (codes: RecoveryCodes) => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // It replaces the button that asked for it: the focus goes to its heading, not the page's top.
  useFocusWhenDropped(heading);
  const confirm = useConfirmEnrolment();
  const form = useForm<{ code: string; password: string }, unknown, TwoFactorConfirmBody>({
    resolver: zodResolver(ZTwoFactorConfirmBody),
    defaultValues: { code: "", password: "" },
  });

  function submit(body: TwoFactorConfirmBody) {
    confirm.mutate(body, {
      onSuccess: onEnabled,
      onError: (error) => {
        form.resetField("code");
        showFailure(form, error);
      },
    });
  }

  // The secret in groups of four, as apps that take it typed show it.
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(" ") ?? enrolment.secret;
  return (
    <div className="grid gap-6">
      <section aria-labelledby="scan-title" className="grid gap-3">
        <h3 id="scan-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {m.scanTitle}
        </h3>
        <p className="text-sm text-muted-foreground">{m.scanDescription}</p>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <img
            src={enrolment.qrCodeSvg}
            alt="QR code of the two-factor secret for your authenticator app"
            width={176}
            height={176}
            className="size-44 shrink-0 rounded-md border bg-white p-2"
          />
          <div className="grid min-w-0 gap-1">
            <p className="text-sm font-medium">{m.secretLabel}</p>
            <code
              data-testid="two-factor-secret"
              data-secret={enrolment.secret}
              className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
            >
              {grouped}
            </code>
          </div>
        </div>
      </section>
      <form
        onSubmit={form.handleSubmit(submit)}
        noValidate
        className="grid gap-3"
        aria-labelledby="confirm-title"
      >
        <h3 id="confirm-title" className="font-semibold">
          {m.confirmTitle}
        </h3>
        <div className="grid max-w-xs gap-3">
          <Field
            label={m.codeLabel}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={9}
            error={form.formState.errors.code?.message}
            {...form.register("code")}
          />
          <Field
            label={m.passwordLabel}
            type="password"
            autoComplete="current-password"
            error={form.formState.errors.password?.message}
            {...form.register("password")}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? MESSAGES.auth.pleaseWait : m.confirm}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {m.cancel}
          </Button>
        </div>
      </form>
    </div>
  );
}
