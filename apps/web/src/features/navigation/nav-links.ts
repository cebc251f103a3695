import { isAdmin, principalOf, type User } from "@sawdust/shared";
import type { LucideIcon } from "lucide-react";
import { Gem, LayoutDashboard, Library, ShieldCheck, UserCog } from "lucide-react";
import { useEffect, useState } from "react";
import { paths } from "@/app/paths";

export interface NavLinkEntry {
  label: string;
  to: string;
}

export interface MenuEntry extends NavLinkEntry {
  icon: LucideIcon;
}

/** The site's main sections; Upload only for admins, who are the only ones who may upload. */
export function primaryLinks(user: User | null | undefined): NavLinkEntry[] {
  const links: NavLinkEntry[] = [
    { label: "Gallery", to: paths.gallery.getHref() },
    { label: "1/1 Collection", to: paths.oneOfOne.getHref() },
    { label: "Open Editions", to: paths.openEditions.getHref() },
    { label: "Explorer", to: paths.explore.getHref() },
  ];
  if (isAdmin(principalOf(user))) links.push({ label: "Upload", to: paths.upload.getHref() });
  return links;
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
