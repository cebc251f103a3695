import { MESSAGES } from "@sawdust/shared";
import { BadgeCheck, Hourglass, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Back from checkout, before the webhook has landed: what is happening, and a way to ask again. */
export function ConfirmingPayment({
  delayed,
  checking,
  onCheckAgain,
}: {
  delayed: boolean;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  const m = MESSAGES.subscriptions;
  return (
    <div
      role="status"
      data-testid="checkout-confirming"
      className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm sm:flex-row sm:items-start"
    >
      {delayed ? (
        <Hourglass className="size-5 shrink-0 text-brand-strong" aria-hidden />
      ) : (
        <LoaderCircle
          className="size-5 shrink-0 animate-spin text-brand motion-reduce:animate-none"
          aria-hidden
        />
      )}
      <div className="grid flex-1 gap-1">
        <p className="font-semibold">{delayed ? m.confirmDelayedTitle : m.confirming}</p>
        <p className="text-sm text-muted-foreground">
          {delayed ? m.confirmDelayedText : m.confirmingText}
        </p>
      </div>
      {delayed && (
        <Button variant="outline" size="sm" onClick={onCheckAgain} disabled={checking}>
          {m.checkAgain}
        </Button>
      )}
    </div>
  );
}

/** Back from checkout with the plan confirmed. */
export function WelcomeToPro({ onDismiss }: { onDismiss: () => void }) {
  const m = MESSAGES.subscriptions;
  return (
    <div
      role="status"
      data-testid="checkout-welcome"
      className="flex flex-col gap-3 rounded-xl bg-emerald-100 p-5 text-emerald-800 sm:flex-row sm:items-center"
    >
      <BadgeCheck className="size-5 shrink-0 text-emerald-700" aria-hidden />
      <p className="flex-1">
        <strong className="font-semibold">{m.welcomeTitle}.</strong> {m.welcomeText}
      </p>
      <Button variant="ghost" size="sm" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}
