import type { HeroContent } from "@sawdust/shared";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

interface HeroBannerProps {
  content: Pick<HeroContent, "title" | "subtitle">;
  /** Shown beside the words on wide screens, below them on narrow ones (the Pro offer). */
  aside?: ReactNode;
  className?: string;
}

/**
 * The gallery's hero: the admin's title and subtitle on a dark, warm panel, kept short so the
 * first row of artwork stays above the fold. The HTML is rendered as the API gives it: the server
 * sanitises it with an allowlist on save and again on read (apps/server/src/modules/hero/
 * sanitise-hero.ts: formatting tags and safe links only, no attributes that run or restyle), and
 * the admin's preview shows this same component with the same sanitised copy.
 */
export function HeroBanner({ content, aside, className }: HeroBannerProps) {
  return (
    <section
      aria-label="Welcome"
      data-testid="hero-banner"
      className={cn(
        "relative isolate overflow-hidden rounded-2xl bg-stone-950 text-stone-50 shadow-sm",
        "px-6 py-6 sm:px-10 sm:py-7",
        aside && "lg:grid lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center lg:gap-8",
        className,
      )}
    >
      <HeroGlow />
      <div className="min-w-0">
        <p
          data-testid="hero-title"
          className={cn(
            "line-clamp-3 max-w-3xl text-balance font-display text-[1.75rem] font-semibold leading-[1.1] tracking-tight sm:text-4xl lg:text-[2.75rem]",
            "[&_em]:text-amber-300 [&_em]:italic [&_strong]:font-bold",
            "[&_a]:underline [&_a]:decoration-amber-300/60 [&_a]:underline-offset-4",
          )}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (modules/hero/sanitise-hero.ts)
          dangerouslySetInnerHTML={{ __html: content.title }}
        />
        {content.subtitle && (
          <p
            data-testid="hero-subtitle"
            className={cn(
              "mt-3 line-clamp-3 max-w-2xl text-pretty text-base text-stone-300 sm:text-lg",
              "[&_a]:text-amber-200 [&_a]:underline [&_a]:underline-offset-4 [&_em]:text-stone-100",
            )}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server (modules/hero/sanitise-hero.ts)
            dangerouslySetInnerHTML={{ __html: content.subtitle }}
          />
        )}
      </div>
      {aside && <div className="mt-5 empty:hidden lg:mt-0">{aside}</div>}
    </section>
  );
}

/**
 * Soft amber and rose light behind the words: colour without an image to wait for. Gradients
 * rather than blur filters, which cost a software renderer dearly.
 */
const GLOW = [
  "radial-gradient(60% 90% at 0% 0%, rgb(217 119 6 / 0.42), transparent 70%)",
  "radial-gradient(45% 80% at 55% 120%, rgb(190 18 60 / 0.28), transparent 70%)",
  "radial-gradient(35% 60% at 100% 0%, rgb(251 146 60 / 0.16), transparent 70%)",
].join(", ");

function HeroGlow() {
  return (
    <div
      aria-hidden
      className="pointer-events-none absolute inset-0 -z-10"
      style={{ backgroundImage: GLOW }}
    />
  );
}
