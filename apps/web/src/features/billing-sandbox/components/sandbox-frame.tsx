import { MESSAGES } from "@sawdust/shared";
import type { ReactNode } from "react";
import { paths } from "@/app/paths";
import { BrandMark } from "@/components/layout/brand-mark";
import { MAIN_CONTENT_ID } from "@/lib/main-content";

/**
 * The frame of a page the sandbox provider serves in place of Stripe's: marked as a sandbox at
 * the top, in a band no one can miss, so nobody mistakes it for a real payment.
 */
export function SandboxFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/50">
      {/* The band is in the page's banner landmark, so nothing shown sits outside one (axe). */}
      <header>
        <div
          role="note"
          aria-label="Sandbox"
          data-testid="sandbox-banner"
          className="bg-brand text-brand-foreground"
        >
          <p className="mx-auto flex w-full max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm sm:px-6">
            <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-0.5 text-xs font-bold tracking-widest text-brand-strong">
              {MESSAGES.billing.sandboxTitle.toUpperCase()}
            </span>
            {MESSAGES.billing.sandboxBanner}
          </p>
        </div>
        <div className="border-b bg-card">
          <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
            <BrandMark to={paths.home.getHref()} />
            <span className="text-sm font-medium text-muted-foreground">{title}</span>
          </div>
        </div>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1 outline-none">
        <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>
      </main>
    </div>
  );
}
