import { formatCents, PRO_PRICES_CENTS, type User } from "@sawdust/shared";
import { Sparkles, X } from "lucide-react";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { retryingLazy } from "@/lib/retrying-lazy";
import { useStoredValue } from "@/lib/use-stored-value";
import { cn } from "@/lib/utils";

// The dialog's code loads when a member first asks for it.
const ProUpgradeDialog = retryingLazy(
  () => import("@/components/dialogs/pro-upgrade-dialog"),
  (m) => m.ProUpgradeDialog,
);

const DISMISSED_KEY = "sawdust.proBanner.dismissed";

interface ProUpgradeBannerProps {
  /** The signed-in member, or null for a visitor (who is sent to sign in first). */
  user: User | null;
  /** "dark" sits inside the hero; "light" stands on the page when the hero is hidden. */
  tone?: "dark" | "light";
  className?: string;
}

/**
 * The Pro offer of the gallery (spec section 2), for visitors and free members; the caller hides
 * it from admins and Pro members. Dismissing it hides it for the rest of the visit.
 */
export function ProUpgradeBanner({ user, tone = "dark", className }: ProUpgradeBannerProps) {
  const [dismissedFlag, setDismissedFlag] = useStoredValue("session", DISMISSED_KEY, "");
  const dismissed = dismissedFlag === "1";
  const [dialogOpen, setDialogOpen] = useState(false);
  const dark = tone === "dark";
  if (dismissed) return null;

  const dismiss = () => setDismissedFlag("1");

  const ctaClass = "h-11 w-full rounded-full px-5 sm:w-auto";
  const cta = user ? (
    <Button variant="brand" className={ctaClass} onClick={() => setDialogOpen(true)}>
      Go Pro
    </Button>
  ) : (
    <Button variant="brand" className={ctaClass} asChild>
      <Link to={paths.auth.getHref(paths.subscriptions.getHref())}>Go Pro</Link>
    </Button>
  );

  return (
    <section
      aria-label="Sawdust Pro"
      data-testid="pro-upgrade-banner"
      className={cn(
        "relative rounded-xl p-4 sm:p-5",
        dark
          ? "bg-white/[0.07] text-stone-50 ring-1 ring-white/15 lg:w-[25rem]"
          : "flex flex-col gap-4 border border-amber-200 bg-linear-to-r from-amber-50 to-card md:flex-row md:items-center md:gap-6",
        className,
      )}
    >
      <div className={cn("min-w-0", !dark && "md:flex-1")}>
        <p className="flex items-center gap-2 pr-8 font-display text-lg font-semibold">
          <Sparkles className={cn("size-4", dark ? "text-amber-300" : "text-brand")} aria-hidden />
          Sawdust Pro
        </p>
        <p
          className={cn(
            "mt-1 hidden text-sm sm:block",
            dark ? "text-stone-300" : "text-muted-foreground",
          )}
        >
          Downloads up to 8K, unlimited collections and a commercial licence.
        </p>
      </div>
      <div className={cn("flex flex-wrap items-center gap-2", dark ? "mt-3" : "md:shrink-0")}>
        <ul aria-label="Prices" className="flex gap-2">
          <Price dark={dark} amount={PRO_PRICES_CENTS.monthly} period="month" />
          <Price dark={dark} amount={PRO_PRICES_CENTS.yearly} period="year" bestValue />
        </ul>
        <div className="w-full sm:ml-auto sm:w-auto">{cta}</div>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss the Pro offer"
        className={cn(
          "absolute right-2 top-2 grid size-8 place-items-center rounded-full transition-colors sm:right-3 sm:top-3",
          dark
            ? "text-stone-300 hover:bg-white/10 hover:text-white"
            : "text-muted-foreground hover:bg-stone-900/5 hover:text-foreground",
        )}
      >
        <X className="size-4" aria-hidden />
      </button>
      {user && dialogOpen && (
        <Suspense fallback={null}>
          <ProUpgradeDialog open={dialogOpen} onOpenChange={setDialogOpen} />
        </Suspense>
      )}
    </section>
  );
}

interface PriceProps {
  dark: boolean;
  amount: number;
  period: "month" | "year";
  bestValue?: boolean;
}

const SHORT_PERIOD = { month: "mo", year: "yr" } as const;

function Price({ dark, amount, period, bestValue = false }: PriceProps) {
  const muted = dark ? "text-stone-300" : "text-muted-foreground";
  return (
    <li
      className={cn(
        "rounded-lg px-3 py-1.5 leading-tight",
        dark ? "bg-white/[0.06] ring-1 ring-white/10" : "bg-card ring-1 ring-border",
        bestValue && (dark ? "ring-amber-300/70" : "ring-amber-400"),
      )}
    >
      <span className="block whitespace-nowrap text-sm font-semibold tabular-nums">
        ${formatCents(amount)}
        <span aria-hidden className={cn("font-normal", muted)}>
          /{SHORT_PERIOD[period]}
        </span>
        <span className="sr-only"> a {period}</span>
      </span>
      <span
        className={cn(
          "block whitespace-nowrap text-xs",
          bestValue ? cn("font-semibold", dark ? "text-amber-300" : "text-brand-strong") : muted,
        )}
      >
        {bestValue ? "Best Value" : "Monthly"}
      </span>
    </li>
  );
}
