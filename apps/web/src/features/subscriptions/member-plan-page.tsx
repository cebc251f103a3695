import { type BillingCycle, MESSAGES, PRO_PRICES_CENTS } from "@sawdust/shared";
import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { SubscriptionStatusBadge } from "@/components/billing/subscription-status-badge";
import { LoadErrorPanel } from "@/components/layout/state-panels";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useSite } from "@/lib/api/get-site";
import { isApiRequestError } from "@/lib/api-client";
import { formatBillingDate, planName } from "@/lib/billing/billing-text";
import { useCurrentSubscription, useTimedOut } from "@/lib/billing/get-current-subscription";
import { useDocumentTitle } from "@/lib/document-title";
import { retryingLazy } from "@/lib/retrying-lazy";
import { BenefitsCard } from "./components/benefits-card";
import { BillingCard } from "./components/billing-card";
import { ConfirmingPayment, WelcomeToPro } from "./components/checkout-status";
import { SandboxNote } from "./components/sandbox-note";
import { UpgradeCard } from "./components/upgrade-card";

const ProUpgradeDialog = retryingLazy(
  () => import("@/components/dialogs/pro-upgrade-dialog"),
  (m) => m.ProUpgradeDialog,
);

/** Back from checkout: ask every second for 20 seconds, then every 10 while the page stays. */
const CONFIRM_POLL_MS = 1000;
const CONFIRM_WAIT_MS = 20_000;
const CONFIRM_SLOW_POLL_MS = 10_000;

function cycleParam(value: string | null): BillingCycle | null {
  return value && Object.hasOwn(PRO_PRICES_CENTS, value) ? (value as BillingCycle) : null;
}

function PlanSkeleton() {
  return (
    <div role="status" aria-label="Loading your plan" className="grid gap-6 pt-8 lg:grid-cols-2">
      <Skeleton className="h-40 rounded-xl" />
      <Skeleton className="h-40 rounded-xl" />
    </div>
  );
}

/**
 * /subscriptions for members (spec section 2): 'Pro Plan' or 'Free Plan' with the status badge,
 * the benefits, the billing card and Manage Billing, or Upgrade to Pro. Back from checkout
 * (?checkout=success) it waits for the payment's webhook; ?checkout=cancelled says nothing was
 * charged; ?billingCycle= (a visitor's choice before signing in) opens the upgrade dialog.
 */
export function MemberPlanPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const checkout = searchParams.get("checkout");
  const awaiting = checkout === "success";
  const delayed = useTimedOut(awaiting, CONFIRM_WAIT_MS);
  const current = useCurrentSubscription({
    pollUntilProMs: awaiting ? (delayed ? CONFIRM_SLOW_POLL_MS : CONFIRM_POLL_MS) : false,
  });
  const [upgradeCycle, setUpgradeCycle] = useState<BillingCycle | null>(null);
  const m = MESSAGES.subscriptions;
  const { freeTier } = useSite().site;
  useDocumentTitle("Your Plan");

  function forgetParams(...names: string[]) {
    setSearchParams(
      (params) => {
        for (const name of names) params.delete(name);
        return params;
      },
      { replace: true },
    );
  }

  // A cancelled checkout: said once, then the address is tidied.
  const toldCancelled = useRef(false);
  useEffect(() => {
    if (checkout !== "cancelled" || toldCancelled.current) return;
    toldCancelled.current = true;
    toast({ title: m.failedTitle, description: m.cancelledText, variant: "destructive" });
    forgetParams("checkout");
  });

  // A cycle chosen before signing in: the dialog opens with it, for a member who is not Pro.
  const requestedCycle = cycleParam(searchParams.get("billingCycle"));
  const isLoaded = current.isSuccess;
  const isProNow = current.data?.isPro ?? false;
  useEffect(() => {
    if (!requestedCycle || !isLoaded) return;
    if (!isProNow) setUpgradeCycle(requestedCycle);
    forgetParams("billingCycle");
  });

  if (current.isPending) {
    return (
      <PageFrame>
        <PlanSkeleton />
      </PageFrame>
    );
  }
  if (current.isError) {
    const error = current.error;
    return (
      <PageFrame>
        <div className="pt-8">
          <LoadErrorPanel
            title={m.errorTitle}
            text={m.fetchFailed(
              isApiRequestError(error) ? error.body || error.message : error.message,
            )}
            onRetry={() => void current.refetch()}
          />
        </div>
      </PageFrame>
    );
  }

  const { isPro, subscription, provider } = current.data;
  const cancelsOn =
    isPro && subscription?.cancelAtPeriodEnd ? formatBillingDate(subscription.expiryDate) : null;

  return (
    <PageFrame>
      <header className="border-b pb-6">
        <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
          Your plan
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
          <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">
            {planName(isPro)}
          </h1>
          {subscription ? (
            <SubscriptionStatusBadge status={subscription.status} className="text-sm" />
          ) : (
            <Badge variant="secondary" className="text-sm">
              {m.noSubscription}
            </Badge>
          )}
        </div>
        <p className="mt-3 max-w-2xl text-muted-foreground">
          {isPro
            ? "Every size of every artwork, unlimited collections and the commercial licence."
            : `Preview and Basic downloads, ${freeTier.monthlyDownloads} a month, and up to ${freeTier.collections} collections.`}
        </p>
        {cancelsOn && (
          <p data-testid="cancels-on" className="mt-2 font-medium text-destructive">
            {m.cancelsOn} {cancelsOn}. You keep Pro until then.
          </p>
        )}
        {provider === "sandbox" && <SandboxNote className="mt-3" />}
      </header>

      {awaiting && (
        <div className="pt-6">
          {isPro ? (
            <WelcomeToPro onDismiss={() => forgetParams("checkout")} />
          ) : (
            <ConfirmingPayment
              delayed={delayed}
              checking={current.isFetching}
              onCheckAgain={() => void current.refetch()}
            />
          )}
        </div>
      )}

      {/* grid-cols-1: tracks of minmax(0, 1fr), so the cards keep to a phone's screen at a large
          text size (WCAG 1.4.10); the container the cards measure themselves against (panel.tsx). */}
      <div className="@container grid grid-cols-1 gap-6 pt-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <BenefitsCard isPro={isPro} />
        <div className="grid grid-cols-1 content-start gap-6">
          {!isPro && <UpgradeCard onUpgrade={() => setUpgradeCycle("monthly")} />}
          {subscription && <BillingCard subscription={subscription} />}
        </div>
      </div>

      {upgradeCycle && (
        <Suspense fallback={null}>
          <ProUpgradeDialog
            open
            initialCycle={upgradeCycle}
            onOpenChange={(open) => !open && setUpgradeCycle(null)}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}

function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div data-testid="plan-page" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      {children}
    </div>
  );
}
