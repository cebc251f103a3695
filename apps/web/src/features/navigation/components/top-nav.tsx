import { Suspense } from "react";
import { NavLink } from "react-router";
import { paths } from "@/app/paths";
import { BrandMark } from "@/components/layout/brand-mark";
import { useUser } from "@/lib/api/get-current-user";
import { retryingLazy } from "@/lib/retrying-lazy";
import { cn } from "@/lib/utils";
import { primaryLinks } from "../nav-links";
import { MobileMenu } from "./mobile-menu";
import { PlanActions, SignInLink } from "./plan-actions";
import { SearchPalette } from "./search-palette";

// The account menu (Radix DropdownMenu) is only for members: visitors never download it.
const AccountMenu = retryingLazy(
  () => import("./account-menu"),
  (m) => m.AccountMenu,
);

/** Holds the avatar's place while the menu's code arrives, so nothing moves. */
function AvatarPlaceholder({ initial }: { initial: string }) {
  return (
    <span
      aria-hidden
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
    >
      {initial}
    </span>
  );
}

/** The site header: sections, search, plan actions and the account menu. */
export function TopNav() {
  const { data, isPending } = useUser();
  const user = data ?? null;

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 w-full max-w-7xl items-center gap-3 px-4 sm:px-6">
        <BrandMark
          to={paths.home.getHref()}
          className="mr-1 lg:mr-6"
          wordClassName="md:max-lg:sr-only"
        />
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-0.5 lg:gap-1">
            {primaryLinks(user).map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      "whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium text-muted-foreground",
                      "transition-colors hover:bg-accent hover:text-foreground lg:px-3",
                      isActive && "bg-accent text-foreground",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <SearchPalette />
          {!isPending && (
            <>
              <PlanActions user={user} compact className="hidden md:flex" />
              {!user && <SignInLink className="md:hidden" />}
              {user && (
                <Suspense
                  fallback={<AvatarPlaceholder initial={user.username.charAt(0).toUpperCase()} />}
                >
                  <AccountMenu user={user} />
                </Suspense>
              )}
            </>
          )}
          <MobileMenu user={user} className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
