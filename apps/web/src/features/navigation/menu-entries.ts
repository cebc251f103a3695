import { isAdmin, principalOf, type User } from "@sawdust/shared";
import type { LucideIcon } from "lucide-react";
import { Gem, LayoutDashboard, Library, ShieldCheck, UserCog } from "lucide-react";
import { useEffect, useState } from "react";
import { paths } from "@/app/paths";
import type { NavLinkEntry } from "./nav-links";

// Apart from nav-links.ts: only the account menu and the mobile sheet (both loaded on demand)
// show these, so the header's first download carries neither the entries nor their icons.

export interface MenuEntry extends NavLinkEntry {
  icon: LucideIcon;
}

export const memberMenuEntries: MenuEntry[] = [
  { label: "Dashboard", to: paths.dashboard.getHref(), icon: LayoutDashboard },
  { label: "Collections", to: paths.collections.getHref(), icon: Library },
  { label: "Owned editions", to: paths.library.getHref(), icon: Gem },
  { label: "Account", to: paths.account.getHref(), icon: UserCog },
  { label: "Security", to: paths.accountSecurity.getHref(), icon: ShieldCheck },
];

/**
 * Every admin page (the spec's five first, then the console's others), for admins only: the list
 * and its icons load after the first paint, so nobody else downloads them with the header.
 */
export function useAdminMenuEntries(user: User | null | undefined): MenuEntry[] {
  const admin = isAdmin(principalOf(user));
  const [entries, setEntries] = useState<MenuEntry[]>([]);
  useEffect(() => {
    if (!admin) return;
    let live = true;
    void import("@/app/admin-pages").then(({ ADMIN_PAGES }) => {
      if (live) setEntries(ADMIN_PAGES.map(({ label, href, icon }) => ({ label, to: href, icon })));
    });
    return () => {
      live = false;
    };
  }, [admin]);
  return admin ? entries : [];
}
