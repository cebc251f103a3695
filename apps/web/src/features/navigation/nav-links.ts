import { isAdmin, principalOf, type User } from "@sawdust/shared";
import type { LucideIcon } from "lucide-react";
import {
  Images,
  KeyRound,
  LayoutDashboard,
  Library,
  PanelsTopLeft,
  ShieldCheck,
  Users,
} from "lucide-react";
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
];

export const adminMenuEntries: MenuEntry[] = [
  { label: "Admin Dashboard", to: paths.admin.dashboard.getHref(), icon: ShieldCheck },
  { label: "Hero Configuration", to: paths.admin.hero.getHref(), icon: PanelsTopLeft },
  { label: "Image Management", to: paths.admin.images.getHref(), icon: Images },
  { label: "Subscribers", to: paths.admin.subscribers.getHref(), icon: Users },
  { label: "API Keys", to: paths.admin.apiKeys.getHref(), icon: KeyRound },
];
