import { MESSAGES } from "@sawdust/shared";
import { Check, ScrollText } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Panel } from "./panel";

/** The Pro perks (spec section 1, as the subscription page lists them) and the licence's terms. */
export function BenefitsCard({ isPro }: { isPro: boolean }) {
  const m = MESSAGES.subscriptions;
  return (
    <Panel title={isPro ? "Your Pro benefits" : m.benefitsTitle}>
      <div className="grid gap-5">
        <ul className="grid gap-3">
          {m.benefits.map((benefit) => (
            <li key={benefit} className="flex items-start gap-3">
              <span className="mt-0.5 grid size-5 shrink-0 place-items-center rounded-full bg-brand/10">
                <Check className="size-3.5 text-brand-strong" aria-hidden />
              </span>
              <span>{benefit}</span>
            </li>
          ))}
        </ul>
        <Link
          to={paths.licence.getHref()}
          className="inline-flex items-center gap-2 self-start text-sm font-medium text-brand-strong underline-offset-4 hover:underline"
        >
          <ScrollText className="size-4" aria-hidden />
          {m.licenceLink}
        </Link>
      </div>
    </Panel>
  );
}
