import { MESSAGES, SANDBOX_CARDS } from "@sawdust/shared";
import { Button } from "@/components/ui/button";

/**
 * The sandbox's test cards (README and this page list them) and what each does: for a one-off
 * payment (an edition), nothing about renewals.
 */
export function TestCards({ oneOff, onUse }: { oneOff: boolean; onUse: (number: string) => void }) {
  return (
    <section
      aria-labelledby="test-cards-title"
      className="rounded-lg border border-dashed border-brand/40 bg-brand/5 p-4"
    >
      <h3 id="test-cards-title" className="text-sm font-semibold">
        {MESSAGES.billing.testCardsTitle}
      </h3>
      <ul className="mt-2 grid gap-2">
        {Object.entries(SANDBOX_CARDS).map(([key, card]) => (
          <li key={key} className="flex items-center justify-between gap-3 text-sm">
            <span className="grid min-w-0">
              <span className="font-mono tabular-nums">{card.number}</span>
              <span className="text-xs text-muted-foreground">
                {oneOff ? card.oneOffBehaviour : card.behaviour}
              </span>
            </span>
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="h-8 shrink-0"
              onClick={() => onUse(card.number)}
              aria-label={`${MESSAGES.billing.useCard} ${card.number}`}
            >
              {MESSAGES.billing.useCard}
            </Button>
          </li>
        ))}
      </ul>
      <p className="mt-3 text-xs text-muted-foreground">{MESSAGES.billing.testCardsHint}</p>
    </section>
  );
}
