import { zodResolver } from "@hookform/resolvers/zod";
import {
  MESSAGES,
  type SandboxCheckout,
  type SandboxPayBody,
  ZSandboxPayBody,
} from "@sawdust/shared";
import { OctagonAlert, ShieldCheck } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useParams } from "react-router";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiRequestError } from "@/lib/api-client";
import {
  cycleLabel,
  formatBillingDate,
  formatPriceCents,
  periodOf,
  safeExternalUrl,
} from "@/lib/billing/billing-text";
import { formatDateTime } from "@/lib/date-time";
import { useDocumentTitle } from "@/lib/document-title";
import { useSandboxCheckout } from "./api/get-sandbox-checkout";
import { usePaySandboxCheckout } from "./api/pay-sandbox-checkout";
import { CardField } from "./components/card-field";
import { LoadProblem } from "./components/load-problem";
import { SandboxFrame } from "./components/sandbox-frame";
import { TestCards } from "./components/test-cards";

type PayFormValues = z.input<typeof ZSandboxPayBody>;

/** Leaves the app for an address the server gave (success or cancel), by a full page load. */
function go(url: string) {
  const safe = safeExternalUrl(url, window.location.origin);
  if (safe) window.location.assign(safe);
}

function OrderSummary({ checkout }: { checkout: SandboxCheckout }) {
  // A one-off payment (an edition) has no cycle and never renews.
  const cycle = checkout.billingCycle;
  const rows = [
    { label: cycle ? "Plan" : "Item", value: checkout.planName },
    ...(cycle ? [{ label: "Billing cycle", value: cycleLabel(cycle) }] : []),
    { label: "Account", value: checkout.email },
  ];
  return (
    <section aria-labelledby="summary-title" className="grid min-w-0 content-start gap-6">
      <div>
        <p className="text-sm font-medium text-muted-foreground">
          {cycle ? "Subscribe to" : "Buy"}
        </p>
        <h1 id="summary-title" className="mt-1 font-display text-3xl font-semibold tracking-tight">
          {checkout.planName}
        </h1>
        <p className="mt-4 flex items-baseline gap-2" data-testid="checkout-price">
          <span className="font-display text-5xl font-semibold tracking-tight tabular-nums">
            {formatPriceCents(checkout.priceCents)}
          </span>
          {cycle && <span className="text-muted-foreground">per {periodOf(cycle)}</span>}
        </p>
      </div>
      <dl className="min-w-0 divide-y rounded-lg border bg-card">
        {rows.map((row) => (
          <div
            key={row.label}
            className="flex items-baseline justify-between gap-4 px-4 py-3 text-sm"
          >
            <dt className="text-muted-foreground">{row.label}</dt>
            <dd className="min-w-0 truncate text-right font-medium" title={row.value}>
              {row.value}
            </dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-4 px-4 py-3">
          <dt className="font-semibold">Due today</dt>
          <dd className="font-semibold tabular-nums">{formatPriceCents(checkout.priceCents)}</dd>
        </div>
      </dl>
      <p className="text-sm text-muted-foreground">
        {cycle
          ? `Renews automatically every ${periodOf(cycle)} until you cancel. Cancel anytime from Manage Billing. `
          : "A single payment. "}
        {/* A one-off checkout holds the piece for half an hour: the time, not only the day. */}
        This checkout is open until{" "}
        {checkout.mode === "payment"
          ? formatDateTime(checkout.expiresAt)
          : formatBillingDate(checkout.expiresAt)}
        .
      </p>
    </section>
  );
}

function PayForm({ checkout, sessionId }: { checkout: SandboxCheckout; sessionId: string }) {
  const id = useId();
  const pay = usePaySandboxCheckout(sessionId);
  const {
    register,
    handleSubmit,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<PayFormValues, unknown, SandboxPayBody>({
    resolver: zodResolver(ZSandboxPayBody),
    defaultValues: { cardNumber: "", expiry: "", cvc: "", name: "" },
  });
  const price = formatPriceCents(checkout.priceCents);
  const b = MESSAGES.billing;

  function submit(body: SandboxPayBody) {
    pay.mutate({ ...body, name: body.name || undefined }, { onSuccess: ({ url }) => go(url) });
  }

  const failure = pay.error
    ? isApiRequestError(pay.error) && pay.error.status === 402
      ? pay.error.body
      : b.payFailed(
          isApiRequestError(pay.error) ? pay.error.body || pay.error.message : pay.error.message,
        )
    : null;
  const busy = pay.isPending || pay.isSuccess;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 content-start gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="size-4 text-muted-foreground" aria-hidden />
        Pay with a test card
      </h2>
      <TestCards
        oneOff={checkout.mode === "payment"}
        onUse={(number) => {
          setValue("cardNumber", number, { shouldValidate: errors.cardNumber !== undefined });
          setFocus("expiry");
        }}
      />
      <form
        onSubmit={(event) => {
          // A new try: the last decline no longer stands.
          pay.reset();
          void handleSubmit(submit)(event);
        }}
        noValidate
        className="grid gap-4"
        aria-label="Card details"
      >
        <CardField
          id={`${id}-number`}
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          error={errors.cardNumber?.message}
          {...register("cardNumber")}
        />
        <div className="grid grid-cols-2 gap-4">
          <CardField
            id={`${id}-expiry`}
            label="Expiry (MM/YY)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="12/34"
            error={errors.expiry?.message}
            {...register("expiry")}
          />
          <CardField
            id={`${id}-cvc`}
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            error={errors.cvc?.message}
            {...register("cvc")}
          />
        </div>
        <CardField
          id={`${id}-name`}
          label="Name on card (optional)"
          autoComplete="cc-name"
          error={errors.name?.message}
          {...register("name")}
        />
        {failure && (
          <p
            role="alert"
            data-testid="pay-error"
            className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
          >
            <OctagonAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {failure}
          </p>
        )}
        <Button type="submit" variant="brand" size="lg" disabled={busy}>
          {busy ? b.paying : b.pay(price)}
        </Button>
        <Button
          type="button"
          variant="ghost"
          onClick={() => go(checkout.cancelUrl)}
          disabled={busy}
        >
          {b.cancelCheckout}
        </Button>
      </form>
    </section>
  );
}

function ClosedCheckout({ checkout }: { checkout: SandboxCheckout }) {
  const b = MESSAGES.billing;
  const complete = checkout.status === "complete";
  return (
    <div role="status" className="rounded-xl border bg-card px-6 py-12 text-center">
      <h1 className="font-display text-2xl font-semibold">{checkout.planName}</h1>
      <p className="mt-2 text-muted-foreground">
        {complete ? b.checkoutComplete : b.checkoutExpired}
      </p>
      <Button
        className="mt-6"
        variant={complete ? "brand" : "outline"}
        onClick={() => go(complete ? checkout.successUrl : checkout.cancelUrl)}
      >
        {complete ? b.continueToSawdust : b.returnToSawdust}
      </Button>
    </div>
  );
}

/**
 * /billing/sandbox/checkout/:sessionId: the built-in sandbox's stand-in for Stripe Checkout (issue
 * 14). The plan, price, cycle and the member's email, a test card form with the three sandbox
 * cards; paying goes on to the address the server answers, a declined card says why here.
 */
export function SandboxCheckoutPage() {
  const { sessionId = "" } = useParams();
  const checkout = useSandboxCheckout(sessionId);
  useDocumentTitle("Sandbox checkout");

  return (
    <SandboxFrame title="Checkout">
      {checkout.isPending ? (
        <div role="status" aria-label="Loading checkout" className="grid gap-8 md:grid-cols-2">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : checkout.isError ? (
        <LoadProblem
          title={MESSAGES.billing.checkoutLoadFailed}
          error={checkout.error}
          onRetry={() => void checkout.refetch()}
        />
      ) : checkout.data.status !== "open" ? (
        <ClosedCheckout checkout={checkout.data} />
      ) : (
        <div className="grid gap-8 md:grid-cols-2 md:gap-8">
          <OrderSummary checkout={checkout.data} />
          <PayForm checkout={checkout.data} sessionId={sessionId} />
        </div>
      )}
    </SandboxFrame>
  );
}
