import { isAdmin, principalOf, type User } from "@sawdust/shared";
import { NavLink } from "react-router";
import { paths } from "@/app/paths";
import { BrandMark } from "@/components/layout/brand-mark";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";
import { memberMenuEntries, useAdminMenuEntries } from "../menu-entries";
import { type NavLinkEntry, primaryLinks } from "../nav-links";
import { PlanActions } from "./plan-actions";

interface MenuSectionProps {
  label: string;
  /** Show the label as a heading (the main links need none). */
  showLabel?: boolean;
  links: NavLinkEntry[];
  onNavigate: () => void;
}

function MenuSection({ label, showLabel = false, links, onNavigate }: MenuSectionProps) {
  return (
    <nav aria-label={label}>
      {showLabel && (
        <p className="mb-1 text-xs font-semibold uppercase tracking-wider text-muted-foreground">
          {label}
        </p>
      )}
      <ul className="-mx-3 grid gap-0.5">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "block rounded-md px-3 py-2.5 text-base font-medium transition-colors hover:bg-accent",
                  isActive && "bg-accent",
                )
              }
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface MobileMenuSheetProps {
  user: User | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the menu closes (its button). */
  onCloseAutoFocus: (event: Event) => void;
}

/** The side menu that replaces the navigation links on narrow screens. */
export function MobileMenuSheet({
  user,
  open,
  onOpenChange,
  onCloseAutoFocus,
}: MobileMenuSheetProps) {
  const close = () => onOpenChange(false);
  const adminEntries = useAdminMenuEntries(user);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent closeLabel="Close menu" onCloseAutoFocus={onCloseAutoFocus}>
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <SheetDescription className="sr-only">Sections of the Sawdust website</SheetDescription>
        <BrandMark to={paths.home.getHref()} className="mb-2 self-start" />
        <MenuSection label="Main" links={primaryLinks(user)} onNavigate={close} />
        {user && (
          <div className="grid gap-5 border-t pt-5">
            <MenuSection label="Account" showLabel links={memberMenuEntries} onNavigate={close} />
            {isAdmin(principalOf(user)) && (
              <MenuSection
                label="Administration"
                showLabel
                links={adminEntries}
                onNavigate={close}
              />
            )}
          </div>
        )}
        <PlanActions user={user} className="mt-auto border-t pt-4" onNavigate={close} />
      </SheetContent>
    </Sheet>
  );
}
