import { isAdmin, PRO_TIERS, principalOf, type User } from "@sawdust/shared";
import { Crown, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

interface PlanActionsProps {
  user: User | null;
  /** In the narrow desktop range the upgrade button reads "Upgrade" (its name stays whole). */
  compact?: boolean;
  className?: string;
  /** Called after a link is followed (the mobile menu closes itself). */
  onNavigate?: () => void;
}

export function SignInLink({
  className,
  onNavigate,
}: {
  className?: string;
  onNavigate?: () => void;
}) {
  return (
    <Button asChild variant="outline" size="sm" className={className}>
      <Link to={paths.auth.getHref()} onClick={onNavigate}>
        Sign In
      </Link>
    </Button>
  );
}

/**
 * What the visitor can do about their plan: sign in or upgrade, or (for Pro members) open their
 * subscription. Admins are never asked to upgrade.
 */
export function PlanActions({ user, compact = false, className, onNavigate }: PlanActionsProps) {
  const subscriptions = paths.subscriptions.getHref();

  // A Pro subscription of one's own (an admin may have one too) opens it; other admins need none.
  if (user && PRO_TIERS.includes(user.tier)) {
    return (
      <Button asChild variant="ghost" size="sm" className={className}>
        <Link to={subscriptions} onClick={onNavigate}>
          <Crown aria-hidden className="text-brand" />
          Pro Plan
        </Link>
      </Button>
    );
  }
  if (isAdmin(principalOf(user))) return null;

  const upgradeHref = user ? subscriptions : paths.auth.getHref(subscriptions);
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <Button asChild variant="brand" size="sm">
        <Link to={upgradeHref} aria-label="Upgrade to Pro" onClick={onNavigate}>
          <Sparkles aria-hidden />
          <span>
            Upgrade<span className={cn(compact && "max-lg:hidden")}> to Pro</span>
          </span>
        </Link>
      </Button>
      {!user && <SignInLink onNavigate={onNavigate} />}
    </div>
  );
}
