import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { ADMIN_PAGES } from "@/app/admin-pages";
import { paths } from "@/app/paths";

/** A card for every page of the admin console but this one (ADMIN_PAGES). */
export function AdminLinkCards() {
  const pages = ADMIN_PAGES.filter((page) => page.href !== paths.admin.dashboard.getHref());
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="admin-link-cards">
      {pages.map(({ label, description, href, icon: Icon }) => (
        <li key={href}>
          <Link
            to={href}
            className="group flex h-full items-center gap-4 rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-brand"
          >
            <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-secondary text-brand-strong">
              <Icon aria-hidden className="size-5" />
            </span>
            <span className="grid min-w-0 flex-1 gap-0.5">
              <span className="font-semibold">{label}</span>
              <span className="text-sm text-muted-foreground">{description}</span>
            </span>
            <ArrowRight
              aria-hidden
              className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-brand-strong motion-reduce:transition-none"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
