import type { LucideIcon } from "lucide-react";
import {
  BarChart3,
  Flag,
  Images,
  KeyRound,
  Mail,
  PanelsTopLeft,
  Receipt,
  ScrollText,
  Settings,
  ShieldCheck,
  UserCog,
  Users,
  WalletCards,
} from "lucide-react";
import { paths } from "@/app/paths";

export interface AdminPage {
  /** The page's name in menus (the spec's labels where it gives them). */
  label: string;
  /** One line on what the page is for (dashboard tiles and the admin dashboard's cards). */
  description: string;
  href: string;
  icon: LucideIcon;
}

/**
 * Every page of the admin console, in the order menus list them: the avatar menu, the member
 * dashboard's tiles and the admin dashboard's link cards all read this list, so a new page is
 * linked everywhere by one entry here.
 */
export const ADMIN_PAGES: readonly AdminPage[] = [
  {
    label: "Admin Dashboard",
    description: "Figures and the health of every part.",
    href: paths.admin.dashboard.getHref(),
    icon: ShieldCheck,
  },
  {
    label: "Image Management",
    description: "Edit, hide, remove and batch-change artwork.",
    href: paths.admin.images.getHref(),
    icon: Images,
  },
  {
    label: "Moderation",
    description: "Flagged, unrated and reported images.",
    href: paths.admin.moderation.getHref(),
    icon: Flag,
  },
  {
    label: "Hero Configuration",
    description: "The gallery's banner title and subtitle.",
    href: paths.admin.hero.getHref(),
    icon: PanelsTopLeft,
  },
  {
    label: "Users",
    description: "Roles, suspensions and sessions.",
    href: paths.admin.users.getHref(),
    icon: UserCog,
  },
  {
    label: "Subscribers",
    description: "Members, their plans and downloads.",
    href: paths.admin.subscribers.getHref(),
    icon: Users,
  },
  {
    label: "Subscriptions",
    description: "Plans, revenue and every subscription.",
    href: paths.admin.subscriptions.getHref(),
    icon: WalletCards,
  },
  {
    label: "Sales",
    description: "Editions sold, refunds and revenue by edition type.",
    href: paths.admin.sales.getHref(),
    icon: Receipt,
  },
  {
    label: "Analytics",
    description: "Views, downloads, sign-ups and revenue over time.",
    href: paths.admin.analytics.getHref(),
    icon: BarChart3,
  },
  {
    label: "API Keys",
    description: "Partners' keys for the marketing API.",
    href: paths.admin.apiKeys.getHref(),
    icon: KeyRound,
  },
  {
    label: "Settings",
    description: "Site name, registration and free-tier limits.",
    href: paths.admin.settings.getHref(),
    icon: Settings,
  },
  {
    label: "Audit Log",
    description: "Every admin action and admin sign-in: who, when and what changed.",
    href: paths.admin.audit.getHref(),
    icon: ScrollText,
  },
  {
    label: "Mail Outbox",
    description: "Mail the site kept instead of sending (no SMTP_URL).",
    href: paths.admin.mailOutbox.getHref(),
    icon: Mail,
  },
];
