import { isAdmin, principalOf, type User } from "@sawdust/shared";
import { LogOut } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useLogout } from "../api/logout";
import { type MenuEntry, memberMenuEntries, useAdminMenuEntries } from "../menu-entries";

function MenuLinks({ entries }: { entries: MenuEntry[] }) {
  return entries.map(({ label, to, icon: Icon }) => (
    <DropdownMenuItem key={to} asChild>
      <Link to={to}>
        <Icon aria-hidden />
        {label}
      </Link>
    </DropdownMenuItem>
  ));
}

/** The avatar (the username's initial) and the signed-in user's menu. */
export function AccountMenu({ user }: { user: User }) {
  const logout = useLogout();
  const navigate = useNavigate();
  const adminEntries = useAdminMenuEntries(user);

  async function signOut() {
    try {
      await logout.mutateAsync();
      navigate(paths.home.getHref());
    } catch {
      // useLogout has already told the user.
    }
  }

  return (
    // Not modal: a modal menu hides the whole page from assistive technology while it is open.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground transition-shadow hover:ring-4 hover:ring-secondary"
      >
        {user.username.charAt(0).toUpperCase()}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" inline>
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-semibold text-foreground">
            {user.username}
          </span>
          <span className="block truncate">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <MenuLinks entries={memberMenuEntries} />
        </DropdownMenuGroup>
        {isAdmin(principalOf(user)) && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel>Administration</DropdownMenuLabel>
            <DropdownMenuGroup>
              <MenuLinks entries={adminEntries} />
            </DropdownMenuGroup>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => void signOut()}>
          <LogOut aria-hidden />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
