import { zodResolver } from "@hookform/resolvers/zod";
import {
  MESSAGES,
  type RecoveryCodes,
  type RecoveryCodesBody,
  ZRecoveryCodesBody,
} from "@sawdust/shared";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { useFocusWhenDropped } from "@/lib/focus-when-dropped";
import { useRegenerateRecoveryCodes } from "../api/regenerate-recovery-codes";
import { showFailure } from "./failure";
import { Field } from "./field";

const m = MESSAGES.twoFactor;

/** New recovery codes for the password. */
export function RegenerateForm({
  onCodes,
  onCancel,
}: {
  onCodes: (codes: RecoveryCodes) => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // It replaces the button that asked for it: the focus goes to its heading, not the page's top.
  useFocusWhenDropped(heading);
  const regenerate = useRegenerateRecoveryCodes();
  const form = useForm<RecoveryCodesBody>({
    resolver: zodResolver(ZRecoveryCodesBody),
    defaultValues: { password: "" },
  });

  function submit(body: RecoveryCodesBody) {
    regenerate.mutate(body, { onSuccess: onCodes, onError: (error) => showFailure(form, error) });
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      className="grid gap-3"
      aria-labelledby="regenerate-title"
    >
      <h3 id="regenerate-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {m.regenerate}
      </h3>
      <p className="text-sm text-muted-foreground">{m.regenerateDescription}</p>
      <div className="max-w-xs">
        <Field
          label={m.passwordLabel}
          type="password"
          autoComplete="current-password"
          error={form.formState.errors.password?.message}
          {...form.register("password")}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={regenerate.isPending}>
          {regenerate.isPending ? MESSAGES.auth.pleaseWait : m.regenerate}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {m.cancel}
        </Button>
      </div>
    </form>
  );
}
