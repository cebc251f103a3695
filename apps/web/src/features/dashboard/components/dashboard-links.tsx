import { hasProAccess, isAdmin, MESSAGES, principalOf, type User } from "@sawdust/shared";
import {
  ArrowRight,
  CreditCard,
  Images,
  type LucideIcon,
  Palette,
  Sparkles,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { ADMIN_PAGES } from "@/app/admin-pages";
import { paths } from "@/app/paths";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

interface Tile {
  title: string;
  description: string;
  href: string;
  icon: LucideIcon;
}

/** The navigation tiles each role sees (spec section 2 "Member dashboard"). */
export function tilesFor(user: User): Tile[] {
  const t = MESSAGES.dashboard.tiles;
  const tiles: Tile[] = [
    {
      title: t.artistProfile,
      description: "Your bio, links and specialties.",
      href: paths.artistProfile.getHref(),
      icon: Palette,
    },
  ];
  const principal = principalOf(user);
  if (hasProAccess(principal)) {
    tiles.push({
      title: t.subscriptions,
      description: isAdmin(principal)
        ? "Plans, revenue and every subscription."
        : "Your plan and billing.",
      href: paths.subscriptions.getHref(),
      icon: CreditCard,
    });
  }
  if (isAdmin(principal)) {
    tiles.push(
      {
        title: t.images,
        description: "Edit, hide and remove artwork.",
        href: paths.admin.images.getHref(),
        icon: Images,
      },
      {
        title: t.subscribers,
        description: "Members, their plans and downloads.",
        href: paths.admin.subscribers.getHref(),
        icon: Users,
      },
      // Beyond the spec's four: every other page of the admin console.
      ...ADMIN_PAGES.filter(
        (page) =>
          !tiles.some((tile) => tile.href === page.href) &&
          page.href !== paths.admin.images.getHref() &&
          page.href !== paths.admin.subscribers.getHref() &&
          page.href !== paths.admin.subscriptions.getHref(),
      ).map(({ label, description, href, icon }) => ({ title: label, description, href, icon })),
    );
  }
  return tiles;
}

export function NavigationTiles({ user }: { user: User }) {
  const tiles = tilesFor(user);
  return (
    <ul className={cn("grid gap-4", tiles.length > 1 && "sm:grid-cols-2")}>
      {tiles.map(({ title, description, href, icon: Icon }) => (
        <li key={href}>
          <Link
            to={href}
            className="group flex h-full items-center gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-brand"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-brand-strong">
              <Icon aria-hidden className="size-5" />
            </span>
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-semibold">{title}</span>
              <span className="text-sm text-muted-foreground">{description}</span>
            </span>
            <ArrowRight
              aria-hidden
              className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand-strong"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ComingSoon() {
  return (
    <section
      aria-labelledby="coming-soon-heading"
      className="rounded-xl border bg-card p-5 shadow-sm"
    >
      <h2 id="coming-soon-heading" className="font-display text-lg font-semibold">
        Coming Soon
      </h2>
      <ul className="mt-3 grid gap-2">
        {MESSAGES.dashboard.comingSoon.map((feature) => (
          <li key={feature} className="flex items-center justify-between gap-3 text-sm">
            <span>{feature}</span>
            <Badge variant="outline" className="text-muted-foreground">
              Soon
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** For free members only: what Pro adds, and the way to it. */
export function UpgradeCard() {
  return (
    <section
      aria-labelledby="upgrade-heading"
      data-testid="upgrade-card"
      className="rounded-xl border border-brand/40 bg-linear-to-br from-amber-50 to-card p-5 shadow-sm"
    >
      <h2
        id="upgrade-heading"
        className="flex items-center gap-2 font-display text-lg font-semibold"
      >
        <Sparkles aria-hidden className="size-5 text-brand" />
        {MESSAGES.dashboard.upgradeToPro}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Unlimited downloads in every size up to 8K, unlimited collections and a commercial licence.
      </p>
      <Button asChild variant="brand" className="mt-4 w-full">
        <Link to={paths.subscriptions.getHref()}>{MESSAGES.dashboard.upgradeToPro}</Link>
      </Button>
    </section>
  );
}
