import { type BillingCycle, MESSAGES, PRO_PRICES_CENTS } from "@sawdust/shared";
import { Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cycleLabel, priceWithCycle, yearlySavingPercent } from "@/lib/billing/billing-text";
import { Panel } from "./panel";

const CYCLES = Object.keys(PRO_PRICES_CENTS) as BillingCycle[];

/** For free members: the two prices and Upgrade to Pro, which opens the upgrade dialog. */
export function UpgradeCard({ onUpgrade }: { onUpgrade: () => void }) {
  const m = MESSAGES.subscriptions;
  return (
    <Panel
      className="border-brand/40 bg-linear-to-br from-amber-50 to-card"
      data-testid="plan-upgrade-card"
      title="Go Pro"
      icon={<Sparkles className="size-5 text-brand" aria-hidden />}
      footer={
        <Button
          variant="brand"
          size="lg"
          // Its words wrap at a large text size rather than run past a phone's screen, growing from
          // size lg's height (h-11). A style, not a min-height class: one the app does not write yet
          // would grow `cn`'s class groups (lib/class-groups.ts) in the first download.
          className="h-auto w-full whitespace-pre-line text-center @max-[18rem]:px-3"
          style={{ minHeight: "2.75rem" }}
          onClick={onUpgrade}
        >
          <Sparkles aria-hidden />
          {m.upgradeToPro}
        </Button>
      }
    >
      <ul className="grid gap-2">
        {CYCLES.map((cycle) => (
          <li
            key={cycle}
            className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-lg bg-card px-4 py-3 ring-1 ring-border"
          >
            {/* Wrapping rather than squeezed (at a large text size): "Monthly" whole, not "Month / ly". */}
            <span className="flex flex-wrap items-center gap-2 font-medium">
              {cycleLabel(cycle)}
              {cycle === "yearly" && (
                <span className="whitespace-nowrap rounded-full bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
                  {m.saveLabel(yearlySavingPercent())}
                </span>
              )}
            </span>
            <span className="tabular-nums">{priceWithCycle(PRO_PRICES_CENTS[cycle], cycle)}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
