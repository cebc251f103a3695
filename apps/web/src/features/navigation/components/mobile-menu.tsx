import type { User } from "@sawdust/shared";
import { Menu } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { retryingLazy } from "@/lib/retrying-lazy";

// The sheet (Radix Dialog) loads on first use: most visits never open it.
const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = retryingLazy(
  () => loadSheet(),
  (m) => m.MobileMenuSheet,
);

/** The menu button of narrow screens, and the side menu it opens. */
export function MobileMenu({ user, className }: { user: User | null; className?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className={className}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-5" aria-hidden />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet
            user={user}
            open={open}
            onOpenChange={setOpen}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
