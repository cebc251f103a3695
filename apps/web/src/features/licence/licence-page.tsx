import { hasProAccess, principalOf } from "@sawdust/shared";
import { ArrowRight, Check, X } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { useUser } from "@/lib/api/get-current-user";
import { useDocumentTitle } from "@/lib/document-title";
import {
  EDITION_LICENCE_SECTIONS,
  LICENCE_SECTIONS,
  LICENCE_SUMMARY,
  LICENCE_TITLE,
} from "./licence-terms";

/** /licence: the Pro commercial licence's terms in plain words (linked from the plan page). */
export function LicencePage() {
  const { data: user } = useUser();
  const pro = hasProAccess(principalOf(user));
  const plan = paths.subscriptions.getHref();
  useDocumentTitle("Commercial licence");

  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="border-b pb-6">
        <p className="flex items-center gap-2 text-xs font-semibold tracking-widest text-brand-strong uppercase">
          Sawdust Pro
        </p>
        <h1 className="mt-2 font-display text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
          {LICENCE_TITLE}
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{LICENCE_SUMMARY}</p>
      </header>

      <div className="grid gap-8 pt-8">
        {LICENCE_SECTIONS.map((section) => {
          return (
            <section key={section.id} aria-labelledby={`licence-${section.id}`}>
              <h2
                id={`licence-${section.id}`}
                className="font-display text-2xl font-semibold tracking-tight"
              >
                {section.heading}
              </h2>
              <ul className="mt-3 grid gap-3">
                {section.items.map((item) => (
                  <li key={item} className="flex items-start gap-3 leading-relaxed">
                    {section.kind === "allowed" ? (
                      <Check className="mt-1 size-4 shrink-0 text-emerald-700" aria-hidden />
                    ) : section.kind === "forbidden" ? (
                      <X className="mt-1 size-4 shrink-0 text-destructive" aria-hidden />
                    ) : (
                      <ArrowRight
                        className="mt-1 size-4 shrink-0 text-muted-foreground"
                        aria-hidden
                      />
                    )}
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>

      <div className="mt-10 grid gap-8 border-t pt-8">
        {EDITION_LICENCE_SECTIONS.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`licence-${section.id}-title`}>
            <h2
              id={`licence-${section.id}-title`}
              className="font-display text-2xl font-semibold tracking-tight"
            >
              {section.heading}
            </h2>
            <ul className="mt-3 grid gap-3">
              {section.items.map((item) => (
                <li key={item} className="flex items-start gap-3 leading-relaxed">
                  <ArrowRight className="mt-1 size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <span>{item}</span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>

      <footer className="mt-10 flex flex-wrap items-center gap-4 border-t pt-6">
        <p className="flex-1 text-sm text-muted-foreground">
          Questions about a use not listed here? Ask support before you publish.
        </p>
        <Button asChild variant={pro ? "outline" : "brand"}>
          <Link to={user ? plan : paths.auth.getHref(plan)}>{pro ? "Your plan" : "Go Pro"}</Link>
        </Button>
      </footer>
    </article>
  );
}
