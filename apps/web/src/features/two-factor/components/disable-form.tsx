import { zodResolver } from "@hookform/resolvers/zod";
import { MESSAGES, type TwoFactorDisableBody, ZTwoFactorDisableBody } from "@sawdust/shared";
import { useRef } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useFocusWhenDropped } from "@/lib/focus-when-dropped";
import { useDisableTwoFactor } from "../api/disable-two-factor";
import { showFailure } from "./failure";
import { Field } from "./field";

const m = MESSAGES.twoFactor;

/** Turning two-factor off: the password and a code from the app. */
export function DisableForm({ onDone }: { onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // It replaces the button that asked for it: the focus goes to its heading, not the page's top.
  useFocusWhenDropped(heading);
  const disable = useDisableTwoFactor();
  const form = useForm<z.input<typeof ZTwoFactorDisableBody>, unknown, TwoFactorDisableBody>({
    resolver: zodResolver(ZTwoFactorDisableBody),
    defaultValues: { password: "", code: "" },
  });
  const { errors } = form.formState;

  function submit(body: TwoFactorDisableBody) {
    disable.mutate(body, {
      onSuccess: () => {
        toast({ title: m.disabledToast });
        onDone();
      },
      onError: (error) => {
        form.resetField("code");
        showFailure(form, error);
      },
    });
  }

  return (
    <form
      onSubmit={form.handleSubmit(submit)}
      noValidate
      className="grid gap-3"
      aria-labelledby="disable-title"
    >
      <h3 id="disable-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
        {m.turnOff}
      </h3>
      <p className="text-sm text-muted-foreground">{m.turnOffDescription}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={m.passwordLabel}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register("password")}
        />
        <Field
          label={m.codeLabel}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={9}
          error={errors.code?.message}
          {...form.register("code")}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={disable.isPending}>
          {disable.isPending ? MESSAGES.auth.pleaseWait : m.turnOff}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {m.cancel}
        </Button>
      </div>
    </form>
  );
}
