import {
  type BillingCycle,
  MESSAGES,
  type SandboxPortal,
  type SandboxPortalAction,
  type Subscription,
} from "@sawdust/shared";
import { ArrowLeft, OctagonAlert, Wallet } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiRequestError } from "@/lib/api-client";
import {
  cycleLabel,
  formatBillingDate,
  formatBillingDeadline,
  isEndedStatus,
  priceWithCycle,
  renewalLine,
  safeExternalUrl,
  statusLabel,
} from "@/lib/billing/billing-text";
import { useDocumentTitle } from "@/lib/document-title";
import { useChangeSandboxSubscription } from "./api/change-sandbox-subscription";
import { useSandboxPortal } from "./api/get-sandbox-portal";
import { InvoicesTable } from "./components/invoices-table";
import { LoadProblem } from "./components/load-problem";
import { SandboxFrame } from "./components/sandbox-frame";
import { UpdateCardForm } from "./components/update-card-form";

const OTHER_CYCLE: Record<BillingCycle, BillingCycle> = { monthly: "yearly", yearly: "monthly" };

function ReturnLink({ url }: { url: string }) {
  const safe = safeExternalUrl(url, window.location.origin);
  if (!safe) return null;
  return (
    <Button asChild variant="outline">
      {/* A full page load: the app reads the plan afresh. */}
      <a href={safe}>
        <ArrowLeft aria-hidden />
        {MESSAGES.billing.returnToSawdust}
      </a>
    </Button>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="min-w-0 rounded-xl border bg-card p-5 shadow-sm sm:p-6" aria-label={title}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function SubscriptionPanel({
  subscription,
  pendingCycle,
  pending,
  onAction,
}: {
  subscription: Subscription;
  /** A switch of cycle asked for, from the next renewal (null: none). */
  pendingCycle: BillingCycle | null;
  pending: boolean;
  onAction: (action: SandboxPortalAction) => void;
}) {
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const b = MESSAGES.billing;
  const renewal = renewalLine(subscription);
  const ended = isEndedStatus(subscription.status);
  const other = OTHER_CYCLE[subscription.billingCycle];
  const periodEnd = formatBillingDate(subscription.expiryDate);

  return (
    <Panel title="Subscription">
      <div className="flex flex-wrap items-center gap-3">
        <p className="font-display text-2xl font-semibold">
          Sawdust Pro · {cycleLabel(subscription.billingCycle)}
        </p>
        <Badge variant="outline" data-testid="portal-status">
          {statusLabel(subscription.status)}
        </Badge>
      </div>
      <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Price</dt>
          <dd className="font-medium tabular-nums">
            {priceWithCycle(subscription.priceCents, subscription.billingCycle)}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{renewal.label}</dt>
          <dd className="font-medium tabular-nums" data-testid="portal-period-end">
            {renewal.date}
          </dd>
        </div>
        {subscription.status === "past_due" && subscription.graceUntil && (
          <div>
            <dt className="text-muted-foreground">Pro until (grace period)</dt>
            <dd className="font-medium tabular-nums">
              {formatBillingDeadline(subscription.graceUntil)}
            </dd>
          </div>
        )}
      </dl>
      {subscription.cancelAtPeriodEnd && !ended && (
        <p className="mt-4 rounded-md bg-muted px-3 py-2 text-sm">{b.cancelExplained(periodEnd)}</p>
      )}
      {pendingCycle && !ended && (
        <p className="mt-4 rounded-md bg-muted px-3 py-2 text-sm" data-testid="portal-switch">
          {b.switchScheduled(cycleLabel(pendingCycle), periodEnd)}
        </p>
      )}
      {!ended && (
        <div className="mt-5 flex flex-wrap gap-2">
          {subscription.cancelAtPeriodEnd ? (
            <Button
              variant="brand"
              disabled={pending}
              onClick={() => onAction({ action: "resume" })}
            >
              {b.resume}
            </Button>
          ) : (
            <Button variant="outline" disabled={pending} onClick={() => setConfirmingCancel(true)}>
              {b.cancelAtPeriodEnd}
            </Button>
          )}
          {/* A switch asked for is undone by asking for the cycle the plan is on. */}
          <Button
            variant="outline"
            disabled={pending}
            onClick={() =>
              onAction({
                action: "switch",
                billingCycle: pendingCycle ? subscription.billingCycle : other,
              })
            }
          >
            {pendingCycle
              ? b.keepCycle(cycleLabel(subscription.billingCycle))
              : b.switchTo(cycleLabel(other))}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmingCancel}
        onOpenChange={setConfirmingCancel}
        title={b.cancelQuestion}
        description={b.cancelExplained(periodEnd)}
        confirmLabel={b.cancelAtPeriodEnd}
        cancelLabel={b.keepPlan}
        destructive
        pending={pending}
        onConfirm={() => {
          onAction({ action: "cancel" });
          setConfirmingCancel(false);
        }}
      />
    </Panel>
  );
}

function PortalContent({ portal, sessionId }: { portal: SandboxPortal; sessionId: string }) {
  const change = useChangeSandboxSubscription(sessionId);
  const b = MESSAGES.billing;
  const { subscription } = portal;
  // After a change, the button pressed may be gone (Cancel plan becomes Resume plan): a focus
  // dropped to <body> goes to the subscription's first button, where the person was.
  const panel = useRef<HTMLDivElement>(null);
  const changedAt = change.submittedAt;
  const shownState = `${subscription?.status}:${subscription?.cancelAtPeriodEnd}:${portal.pendingBillingCycle}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: run when the shown subscription changes after a change
  useEffect(() => {
    if (changedAt === 0) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    panel.current?.querySelector<HTMLElement>("button:not([disabled])")?.focus();
  }, [changedAt, shownState]);
  const failure = change.error
    ? b.actionFailed(
        isApiRequestError(change.error)
          ? change.error.body || change.error.message
          : change.error.message,
      )
    : null;

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
            Sawdust
          </p>
          <h1 className="mt-1 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            {b.portalTitle}
          </h1>
        </div>
        <ReturnLink url={portal.returnUrl} />
      </div>

      {failure && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/5 px-3 py-2.5 text-sm text-destructive"
        >
          <OctagonAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {failure}
        </p>
      )}
      {change.isSuccess && !failure && (
        <p role="status" className="sr-only">
          {change.variables.action === "update_card" ? b.cardUpdated : b.subscriptionUpdated}
        </p>
      )}

      {subscription ? (
        <div ref={panel}>
          <SubscriptionPanel
            subscription={subscription}
            pendingCycle={portal.pendingBillingCycle}
            pending={change.isPending}
            onAction={(action) => change.mutate(action)}
          />
        </div>
      ) : (
        <Panel title="Subscription">
          <p className="text-muted-foreground">{b.noSubscription}</p>
        </Panel>
      )}

      <Panel title="Payment method">
        <p className="mb-4 flex items-center gap-2 text-sm" data-testid="portal-card">
          <Wallet className="size-4 text-muted-foreground" aria-hidden />
          {portal.cardLast4 ? b.cardOnFile(portal.cardLast4) : b.noCard}
        </p>
        {subscription && !isEndedStatus(subscription.status) && (
          <UpdateCardForm
            pending={change.isPending}
            onUpdate={(cardNumber) => change.mutate({ action: "update_card", cardNumber })}
          />
        )}
      </Panel>

      <Panel title={b.invoicesTitle}>
        <InvoicesTable invoices={portal.invoices} />
      </Panel>

      <p className="text-xs text-muted-foreground">
        {b.sandboxTime(formatBillingDate(portal.now))}
      </p>
    </div>
  );
}

/**
 * /billing/sandbox/portal/:sessionId: the sandbox's stand-in for Stripe's customer portal.
 * Cancel at period end or resume, switch monthly ↔ yearly, update the card, see the invoices, and
 * return to Sawdust.
 */
export function SandboxPortalPage() {
  const { sessionId = "" } = useParams();
  const portal = useSandboxPortal(sessionId);
  useDocumentTitle("Sandbox billing portal");

  return (
    <SandboxFrame title={MESSAGES.billing.portalTitle}>
      {portal.isPending ? (
        <div role="status" aria-label="Loading the billing portal" className="grid gap-6">
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-40 rounded-xl" />
        </div>
      ) : portal.isError ? (
        <LoadProblem
          title={MESSAGES.billing.portalLoadFailed}
          error={portal.error}
          onRetry={() => void portal.refetch()}
        />
      ) : (
        <PortalContent portal={portal.data} sessionId={sessionId} />
      )}
    </SandboxFrame>
  );
}
