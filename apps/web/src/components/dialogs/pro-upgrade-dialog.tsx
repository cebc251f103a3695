import { type BillingCycle, MESSAGES, PRO_PRICES_CENTS, type User } from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { Check, Crown, ExternalLink, LoaderCircle, PartyPopper } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { ResendConfirmation } from "@/components/dialogs/resend-confirmation";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useUser } from "@/lib/api/get-current-user";
import { useImageList } from "@/lib/api/get-images";
import {
  cycleLabel,
  formatPriceCents,
  periodOf,
  yearlyPerMonth,
  yearlySavingPercent,
} from "@/lib/billing/billing-text";
import { CheckoutError, useCreateSubscription } from "@/lib/billing/create-subscription";
import {
  refreshAfterPlanChange,
  useCurrentSubscription,
  useTimedOut,
} from "@/lib/billing/get-current-subscription";
import { useOpenBillingPortal } from "@/lib/billing/open-billing-portal";
import { imagesOfPages, imageTitle } from "@/lib/images";
import { cn } from "@/lib/utils";

export interface ProUpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The cycle chosen when the dialog opens (monthly unless a link named one). */
  initialCycle?: BillingCycle;
}

/** The Pro perks as spec section 1 lists them to users. */
const PERKS = [
  "Images up to 8K, in every download size",
  "Advanced AI tools",
  "Unlimited collections",
  "Commercial licence",
  "Premium support",
];

const CYCLES = Object.keys(PRO_PRICES_CENTS) as BillingCycle[];

/** While checkout is open in another tab: ask every few seconds, for at most ten minutes. */
const CHECKOUT_POLL_MS = 3000;
const CHECKOUT_WAIT_MS = 10 * 60 * 1000;

/** The subscription page with the chosen cycle, after signing in: where a visitor goes. */
/** The server's refusals of a checkout that name Manage Billing as the way on. */
const BILLING_REFUSALS = [MESSAGES.payments.alreadySubscribed, MESSAGES.payments.subscriptionOpen];

function signInHref(cycle: BillingCycle): string {
  return paths.auth.getHref(`${paths.subscriptions.getHref()}?billingCycle=${cycle}`);
}

function SampleArtwork({ className }: { className?: string }) {
  // The spec's sample: the first image of the list.
  const { data } = useImageList({ limit: 1 });
  const image = imagesOfPages(data?.pages)[0];
  return (
    <div className={cn("relative overflow-hidden bg-stone-900", className)}>
      {image && (
        <ArtImage
          image={image}
          alt={imageTitle(image)}
          sizes="(min-width: 768px) 320px, 100vw"
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
      <div className="absolute inset-0 bg-gradient-to-t from-stone-950/85 via-stone-950/15 to-transparent" />
      <span className="absolute left-4 top-4 inline-flex items-center gap-1.5 rounded-full bg-stone-950/70 px-3 py-1 text-xs font-semibold tracking-widest text-amber-200 backdrop-blur">
        <Crown className="size-3.5" aria-hidden />
        PRO
      </span>
      {image && (
        <p className="absolute inset-x-4 bottom-4 text-sm text-stone-100">
          <span className="block text-xs uppercase tracking-widest text-stone-300">
            From the gallery
          </span>
          <span className="font-display text-lg">{imageTitle(image)}</span>
        </p>
      )}
    </div>
  );
}

function CycleChoice({
  cycle,
  onChange,
  disabled,
}: {
  cycle: BillingCycle;
  onChange: (cycle: BillingCycle) => void;
  disabled: boolean;
}) {
  const groupName = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="sr-only">Billing cycle</legend>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
        {CYCLES.map((value) => (
          <label
            key={value}
            className={cn(
              "relative flex cursor-pointer items-center justify-center gap-1.5 rounded-md px-2 py-2",
              "text-sm font-medium text-muted-foreground transition-colors",
              "has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              cycle === value && "bg-card text-foreground shadow-sm",
            )}
          >
            <input
              type="radio"
              name={groupName}
              value={value}
              checked={cycle === value}
              onChange={() => onChange(value)}
              className="sr-only"
            />
            {cycleLabel(value)}
            {value === "yearly" && (
              <span className="whitespace-nowrap rounded-full bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
                {MESSAGES.subscriptions.saveLabel(yearlySavingPercent())}
              </span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Checkout is open in another tab: say so, keep a way back to it, and ask the server until the
 * plan is Pro (the webhook has landed), so this tab turns Pro too.
 */
function CheckoutOpen({ url, onClose }: { url: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const timedOut = useTimedOut(true, CHECKOUT_WAIT_MS);
  const current = useCurrentSubscription({
    pollUntilProMs: timedOut ? false : CHECKOUT_POLL_MS,
    // What opened the dialog may hide for Pro members (the gallery's banner): the app learns the
    // new plan as the dialog closes, however it is closed.
    syncTier: false,
  });
  const isPro = current.data?.isPro ?? false;
  const refreshed = useRef<Promise<void> | null>(null);
  const refresh = () => {
    refreshed.current ??= refreshAfterPlanChange(queryClient);
    return refreshed.current;
  };
  const latest = useRef({ isPro, refresh });
  latest.current = { isPro, refresh };
  useEffect(
    () => () => {
      if (latest.current.isPro) void latest.current.refresh();
    },
    [],
  );
  const m = MESSAGES.subscriptions;
  // Below the plans on a phone: brought into view when it appears and when it turns to Pro.
  const shown = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: run again when it turns to Pro (another element)
  useEffect(() => {
    shown.current?.scrollIntoView({ block: "nearest" });
  }, [isPro]);

  if (isPro) {
    return (
      <div ref={shown} role="status" className="grid gap-4 rounded-xl bg-emerald-100 p-5">
        <p className="flex items-center gap-2 font-display text-xl font-semibold text-emerald-800">
          <PartyPopper className="size-5" aria-hidden />
          {m.welcomeTitle}
        </p>
        <p className="text-sm text-emerald-800">{m.welcomeText}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="brand"
            onClick={async () => {
              // Pro sizes unlocked before the member reaches for one.
              await refresh();
              onClose();
            }}
          >
            Start exploring
          </Button>
          <Button variant="outline" asChild>
            <Link to={paths.subscriptions.getHref()} onClick={onClose}>
              View your plan
            </Link>
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div ref={shown} role="status" className="grid gap-3 rounded-xl border bg-muted/60 p-5">
      <p className="flex items-center gap-2 font-semibold">
        {!timedOut && (
          <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
        )}
        {m.checkoutOpenTitle}
      </p>
      <p className="text-sm text-muted-foreground">
        {timedOut ? m.confirmDelayedText : m.checkoutOpenText}
      </p>
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-strong underline-offset-4 hover:underline"
      >
        <ExternalLink className="size-4" aria-hidden />
        {m.reopenCheckout}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}

/**
 * Why a checkout was not opened, said inside the dialog: the toast region lies under the modal
 * dialog, hidden from screen readers and out of the focus's reach. A member told to confirm their
 * email can have the link mailed again from here, as from the Buy dialog.
 */
function SubscribeFailure({ error }: { error: Error }) {
  const m = MESSAGES.subscriptions;
  const known = error instanceof CheckoutError;
  const unconfirmed = known && error.refusal === MESSAGES.account.verifyFirst;
  // The server's words send the member to their Account page; the button to resend is right here.
  const why = unconfirmed ? m.createFailed(MESSAGES.account.verifyFirstBelow) : error.message;
  // Below the plans on a phone: brought into view, with its way on, as the checkout's status is.
  const shown = useRef<HTMLDivElement>(null);
  useEffect(() => {
    shown.current?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <div ref={shown} className="grid gap-2">
      <div role="alert" className="grid gap-1 text-sm text-destructive">
        <p className="font-semibold">{known ? m.failedTitle : m.errorTitle}</p>
        <p>{known ? why : m.errorText}</p>
      </div>
      <ResendConfirmation offered={unconfirmed} />
    </div>
  );
}

function SubscribeAction({
  user,
  cycle,
  onOpened,
}: {
  user: User | null | undefined;
  cycle: BillingCycle;
  onOpened: (url: string) => void;
}) {
  const create = useCreateSubscription();
  const portal = useOpenBillingPortal({ inline: true });
  // Refused with a reason that names Manage Billing: the plan page's button is behind this dialog.
  const refusal = create.error instanceof CheckoutError ? create.error.refusal : undefined;
  const toBilling = BILLING_REFUSALS.some((reason) => reason === refusal);
  const m = MESSAGES.subscriptions;

  if (!user) {
    return (
      <div className="grid gap-2">
        <Button asChild variant="brand" size="lg">
          <Link to={signInHref(cycle)}>
            <Crown aria-hidden />
            {m.subscribe}
          </Link>
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          Sign in or create an account first; checkout comes next.
        </p>
      </div>
    );
  }

  function subscribe() {
    create.mutate(
      { billingCycle: cycle },
      {
        onSuccess: (url) => {
          // No opener: the checkout page cannot reach back into this one.
          window.open(url, "_blank", "noopener,noreferrer");
          onOpened(url);
        },
      },
    );
  }

  return (
    <div className="grid gap-2">
      <Button variant="brand" size="lg" onClick={subscribe} disabled={create.isPending}>
        {create.isPending ? (
          <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
        ) : (
          <Crown aria-hidden />
        )}
        {create.isPending ? m.processing : m.subscribe}
      </Button>
      {/* Said here once, not in a toast too; next in the Tab order after Subscribe. */}
      {create.error && <SubscribeFailure error={create.error} />}
      {toBilling && (
        <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
          {portal.isPending && (
            <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden />
          )}
          {m.manageBilling}
        </Button>
      )}
      {toBilling && portal.error && (
        <div role="alert" className="grid gap-1 text-sm text-destructive">
          <p className="font-semibold">{m.billingErrorTitle}</p>
          <p>{portal.error.message}</p>
        </div>
      )}
      <p className="text-center text-xs text-muted-foreground">
        Checkout opens in a new tab. Cancel anytime from Manage Billing.
      </p>
    </div>
  );
}

/**
 * The Pro pitch (spec section 2 "Other dialogs"): perks, a monthly/yearly choice with the prices
 * of one config, and a sample from the gallery. Subscribe asks the server for a checkout and
 * opens it in a new tab with no opener (spec section 4); a visitor signs in first.
 */
export function ProUpgradeDialog({
  open,
  onOpenChange,
  initialCycle = "monthly",
}: ProUpgradeDialogProps) {
  const [cycle, setCycle] = useState<BillingCycle>(initialCycle);
  const [checkoutUrl, setCheckoutUrl] = useState<string | null>(null);
  const { data: user } = useUser();
  const price = formatPriceCents(PRO_PRICES_CENTS[cycle]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl gap-0 overflow-y-auto p-0 md:grid-cols-[5fr_6fr]">
        {open && <SampleArtwork className="hidden min-h-[30rem] md:block" />}
        <div className="flex flex-col gap-6 p-6 sm:p-8">
          <DialogHeader className="gap-2 pr-6">
            <p className="text-xs font-semibold uppercase tracking-widest text-brand-strong">
              Sawdust Pro
            </p>
            <DialogTitle className="font-display text-3xl leading-tight">
              Unlock every size of every artwork
            </DialogTitle>
            <DialogDescription className="text-base">
              Download in full resolution, license for commercial work and collect without limits.
            </DialogDescription>
          </DialogHeader>
          {open && <SampleArtwork className="h-40 rounded-lg md:hidden" />}

          <ul className="grid gap-2.5 text-sm">
            {PERKS.map((perk) => (
              <li key={perk} className="flex items-start gap-2.5">
                <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-brand/10">
                  <Check className="size-3.5 text-brand-strong" aria-hidden />
                </span>
                {perk}
              </li>
            ))}
          </ul>

          <CycleChoice cycle={cycle} onChange={setCycle} disabled={checkoutUrl !== null} />

          <div aria-live="polite">
            <p className="flex items-baseline gap-1.5">
              <span className="font-display text-4xl font-semibold tracking-tight">{price}</span>
              <span className="text-muted-foreground">/ {periodOf(cycle)}</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {cycle === "yearly"
                ? `That's ${yearlyPerMonth()} a month, billed once a year.`
                : "Billed monthly. Cancel anytime."}
            </p>
          </div>

          {checkoutUrl ? (
            <CheckoutOpen url={checkoutUrl} onClose={() => onOpenChange(false)} />
          ) : (
            <SubscribeAction user={user} cycle={cycle} onOpened={setCheckoutUrl} />
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
