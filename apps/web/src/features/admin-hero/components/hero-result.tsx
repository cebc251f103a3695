import type { HeroContentBody } from "@sawdust/shared";
import { EyeOff } from "lucide-react";
import { HeroBanner } from "@/components/hero/hero-banner";
import { Skeleton } from "@/components/ui/skeleton";
import { isApiRequestError } from "@/lib/api-client";
import { useHeroPreview } from "../api/preview-hero-content";

interface HeroResultProps {
  /** The fields as they are in the form. */
  fields: HeroContentBody;
  /** The banner as visitors will see it, or the HTML that will be stored, as text. */
  view: "preview" | "html";
  /** Whether the tab is showing (the preview is asked for only then). */
  active: boolean;
}

/**
 * The Preview and HTML tabs: what the server's sanitiser makes of the fields (the preview call
 * runs the very code a save runs), in the gallery's own banner or as the markup it stores.
 */
export function HeroResult({ fields, view, active }: HeroResultProps) {
  const preview = useHeroPreview(fields, active);

  if (preview.isError) {
    const reason = isApiRequestError(preview.error) ? preview.error.body : preview.error.message;
    return (
      <p
        role="alert"
        className="rounded-xl border border-destructive/40 bg-card p-5 text-destructive"
      >
        {reason}
      </p>
    );
  }
  if (!preview.data) {
    return (
      <div role="status" aria-label="Loading the preview" className="grid gap-3">
        <Skeleton className="h-40 rounded-2xl" />
      </div>
    );
  }
  const hero = preview.data;
  const stale = preview.isPlaceholderData;

  return (
    <div className="grid gap-4" aria-busy={stale || undefined}>
      {!hero.isVisible && (
        <p className="flex items-center gap-2 rounded-lg border bg-muted/60 px-4 py-3 text-sm">
          <EyeOff className="size-4 shrink-0" aria-hidden />
          The hero is hidden: visitors see the gallery without it until you switch it on.
        </p>
      )}
      {view === "preview" ? (
        <>
          <p className="text-sm text-muted-foreground">
            Exactly what visitors will see on the gallery, after sanitising.
          </p>
          <HeroBanner content={hero} className={stale ? "opacity-60" : undefined} />
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            The HTML that will be stored and sent to visitors, after sanitising.
          </p>
          <HtmlBlock label="Title" html={hero.title} />
          <HtmlBlock label="Subtitle" html={hero.subtitle} />
        </>
      )}
    </div>
  );
}

function HtmlBlock({ label, html }: { label: string; html: string }) {
  return (
    <figure className="grid gap-1.5">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <pre
        data-testid={`hero-html-${label.toLowerCase()}`}
        className="overflow-x-auto whitespace-pre-wrap wrap-anywhere rounded-lg border bg-muted/60 p-4 font-mono text-sm"
      >
        <code>{html || "(empty)"}</code>
      </pre>
    </figure>
  );
}
