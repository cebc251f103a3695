import { MESSAGES, type TwoFactorEnrolment } from "@sawdust/shared";
import { ShieldAlert, ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { PageSpinner } from "@/components/layout/page-spinner";
import { LoadErrorPanel } from "@/components/layout/state-panels";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { formatDate } from "@/lib/date-time";
import { useDocumentTitle } from "@/lib/document-title";
import { useBeginEnrolment } from "./api/begin-enrolment";
import { useTwoFactorStatus } from "./api/get-two-factor-status";
import { DisableForm } from "./components/disable-form";
import { EnrolPanel } from "./components/enrol-panel";
import { toastFailure } from "./components/failure";
import { RecoveryCodesPanel } from "./components/recovery-codes-panel";
import { RegenerateForm } from "./components/regenerate-form";

const m = MESSAGES.twoFactor;

/** What the two-factor section shows besides its status. */
type Step =
  | { kind: "idle" }
  | { kind: "enrolling"; enrolment: TwoFactorEnrolment }
  | { kind: "codes"; codes: string[] }
  | { kind: "disabling" }
  | { kind: "regenerating" };

/**
 * /account/security: the signed-in member's two-factor sign-in — turn it on (QR code or typed
 * key, then the app's first code), save the recovery codes shown once, get new ones, turn it off.
 */
export function SecurityPage() {
  useDocumentTitle(m.pageTitle);
  const status = useTwoFactorStatus();
  const begin = useBeginEnrolment();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const idle = () => setStep({ kind: "idle" });
  /** The section's buttons, where the focus goes back when a form or the codes close. */
  const actions = useRef<HTMLDivElement>(null);
  const shown = useRef(step.kind);
  useEffect(() => {
    const before = shown.current;
    shown.current = step.kind;
    const active = document.activeElement;
    if (before !== "idle" && step.kind === "idle" && (!active || active === document.body)) {
      actions.current?.querySelector("button")?.focus();
    }
  }, [step.kind]);

  function startEnrolment() {
    begin.mutate(undefined, {
      onSuccess: (enrolment) => setStep({ kind: "enrolling", enrolment }),
      onError: toastFailure,
    });
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="mb-8">
        <p className="text-xs font-semibold tracking-widest text-brand-strong uppercase">
          Your account
        </p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight sm:text-5xl">
          {m.pageTitle}
        </h1>
        <p className="mt-3 text-lg text-muted-foreground">{m.pageDescription}</p>
      </header>
      {status.isPending ? (
        <PageSpinner />
      ) : status.isError ? (
        <LoadErrorPanel
          title={m.loadFailed}
          text={MESSAGES.genericError}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <section
          aria-labelledby="two-factor-title"
          className="grid gap-6 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 flex-1 items-start gap-3">
              {status.data.enabled ? (
                <ShieldCheck aria-hidden className="mt-1 size-6 shrink-0 text-brand-strong" />
              ) : (
                <ShieldAlert aria-hidden className="mt-1 size-6 shrink-0 text-muted-foreground" />
              )}
              <div className="min-w-0">
                <h2 id="two-factor-title" className="font-display text-2xl font-semibold">
                  {m.sectionTitle}
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  {status.data.enabled && status.data.enabledAt
                    ? `${m.onDescription(formatDate(status.data.enabledAt))} ${m.recoveryCodesLeft(status.data.recoveryCodesLeft)}`
                    : m.offDescription}
                </p>
              </div>
            </div>
            <Badge
              variant={status.data.enabled ? "brand" : "outline"}
              data-testid="two-factor-status"
              className="shrink-0"
            >
              {status.data.enabled ? m.statusOn : m.statusOff}
            </Badge>
          </div>

          {status.data.requiredForYou && !status.data.enabled && (
            <p
              role="status"
              className="rounded-md border border-brand/40 bg-brand/10 px-4 py-3 text-sm"
            >
              {m.requiredNotice}
            </p>
          )}

          {step.kind === "enrolling" && (
            <EnrolPanel
              enrolment={step.enrolment}
              onEnabled={({ recoveryCodes }) => {
                toast({ title: m.enabledToast });
                setStep({ kind: "codes", codes: recoveryCodes });
              }}
              onCancel={idle}
            />
          )}
          {step.kind === "codes" && <RecoveryCodesPanel codes={step.codes} onDone={idle} />}
          {step.kind === "disabling" && <DisableForm onDone={idle} />}
          {step.kind === "regenerating" && (
            <RegenerateForm
              onCodes={({ recoveryCodes }) => setStep({ kind: "codes", codes: recoveryCodes })}
              onCancel={idle}
            />
          )}

          {step.kind === "idle" &&
            (status.data.enabled ? (
              <div ref={actions} className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setStep({ kind: "regenerating" })}>
                  {m.regenerate}
                </Button>
                <Button variant="outline" onClick={() => setStep({ kind: "disabling" })}>
                  {m.turnOff}
                </Button>
              </div>
            ) : (
              <div ref={actions}>
                <Button onClick={startEnrolment} disabled={begin.isPending}>
                  {begin.isPending ? MESSAGES.auth.pleaseWait : m.turnOn}
                </Button>
              </div>
            ))}
        </section>
      )}
    </div>
  );
}
