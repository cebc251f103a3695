import { MESSAGES } from "@sawdust/shared";
import { Hourglass } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { isApiRequestError } from "@/lib/api-client";
import { formatBillingDate } from "@/lib/billing/billing-text";
import { useAdvanceSandboxClock } from "../api/advance-sandbox-clock";

const MAX_DAYS = 3660;

/**
 * In sandbox mode only: moves the sandbox's time on by some days, so an admin can watch renewals,
 * failed renewals and expiry happen without waiting for them.
 */
export function SandboxClock() {
  const id = useId();
  const [days, setDays] = useState("31");
  const advance = useAdvanceSandboxClock();
  const b = MESSAGES.subscriptions;
  const value = Number(days);
  const valid = Number.isFinite(value) && value > 0 && value <= MAX_DAYS;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (valid) advance.mutate(value);
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="sandbox-clock"
      className="rounded-xl border border-dashed border-brand/40 bg-brand/5 p-4"
    >
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-[13rem] flex-1 gap-1">
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
            <Hourglass className="size-4 text-brand-strong" aria-hidden />
            {b.clockTitle}
          </h2>
          <p className="text-xs text-muted-foreground">{b.clockHint}</p>
        </div>
        <div className="flex items-end gap-2">
          <div className="grid gap-1">
            <Label htmlFor={`${id}-days`} className="text-xs">
              {b.clockDays}
            </Label>
            <Input
              id={`${id}-days`}
              type="number"
              inputMode="decimal"
              min={0.01}
              max={MAX_DAYS}
              step="any"
              value={days}
              onChange={(event) => setDays(event.target.value)}
              className="h-9 w-24"
            />
          </div>
          <Button type="submit" size="sm" variant="outline" disabled={!valid || advance.isPending}>
            {b.clockAdvance}
          </Button>
        </div>
      </form>
      <p aria-live="polite" className="mt-2 text-xs empty:hidden">
        {advance.isSuccess &&
          `${b.clockAdvanced(advance.variables, advance.data.delivered)} Sandbox time: ${formatBillingDate(advance.data.now)}.`}
        {advance.isError && (
          <span className="text-destructive">
            {b.clockFailed(
              isApiRequestError(advance.error)
                ? advance.error.body || advance.error.message
                : advance.error.message,
            )}
          </span>
        )}
      </p>
    </section>
  );
}
