import { type BillingCycle, formatCents, PRO_PRICES_CENTS } from "@sawdust/shared";
import { Check, Crown } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
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
import { imagesOfPages, imageTitle } from "@/lib/images";
import { cn } from "@/lib/utils";

export interface ProUpgradeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The Pro perks as spec section 1 lists them to users. */
const PERKS = [
  "Images up to 8K, in every download size",
  "Advanced AI tools",
  "Unlimited collections",
  "Commercial licence",
  "Premium support",
];

const MONTHS_PER_YEAR = 12;
/** What paying yearly saves against twelve monthly payments (33% with the spec's prices). */
export const YEARLY_SAVING_PERCENT = Math.round(
  (1 - PRO_PRICES_CENTS.yearly / (MONTHS_PER_YEAR * PRO_PRICES_CENTS.monthly)) * 100,
);

const CYCLES: Record<BillingCycle, { label: string; per: string }> = {
  monthly: { label: "Monthly", per: "month" },
  yearly: { label: "Yearly", per: "year" },
};

/** The subscription page with the chosen cycle; a visitor signs in first and lands there. */
function subscribeHref(cycle: BillingCycle, signedIn: boolean): string {
  const target = `${paths.subscriptions.getHref()}?billingCycle=${cycle}`;
  return signedIn ? target : paths.auth.getHref(target);
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

/**
 * The Pro pitch (spec section 2 "Other dialogs"): perks, a monthly/yearly choice with the prices
 * of one config, and a sample from the gallery. Billing is not built yet, so Subscribe leads to
 * the subscription page with the chosen cycle rather than pretending to take a payment.
 */
export function ProUpgradeDialog({ open, onOpenChange }: ProUpgradeDialogProps) {
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  const { data: user } = useUser();
  const groupName = useId();
  const price = formatCents(PRO_PRICES_CENTS[cycle]);
  const yearlyPerMonth = formatCents(Math.round(PRO_PRICES_CENTS.yearly / MONTHS_PER_YEAR));

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

          <fieldset>
            <legend className="sr-only">Billing cycle</legend>
            <div className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
              {(Object.keys(CYCLES) as BillingCycle[]).map((value) => (
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
                    onChange={() => setCycle(value)}
                    className="sr-only"
                  />
                  {CYCLES[value].label}
                  {value === "yearly" && (
                    <span className="whitespace-nowrap rounded-full bg-emerald-100 px-1.5 py-0.5 text-xs font-semibold text-emerald-800">
                      Save {YEARLY_SAVING_PERCENT}%
                    </span>
                  )}
                </label>
              ))}
            </div>
          </fieldset>

          <div aria-live="polite">
            <p className="flex items-baseline gap-1.5">
              <span className="font-display text-4xl font-semibold tracking-tight">${price}</span>
              <span className="text-muted-foreground">/ {CYCLES[cycle].per}</span>
            </p>
            <p className="mt-1 text-sm text-muted-foreground">
              {cycle === "yearly"
                ? `That's $${yearlyPerMonth} a month, billed once a year.`
                : "Billed monthly. Cancel anytime."}
            </p>
          </div>

          <div className="grid gap-2">
            <Button asChild variant="brand" size="lg">
              <Link to={subscribeHref(cycle, Boolean(user))}>
                <Crown aria-hidden />
                Subscribe
              </Link>
            </Button>
            <p className="text-center text-xs text-muted-foreground">
              {user
                ? "You'll review your plan and billing on the next page."
                : "Sign in or create an account first; you'll choose billing next."}
            </p>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
