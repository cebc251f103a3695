import { HERO_RULES } from "@sawdust/shared";
import { ShieldCheck } from "lucide-react";

/** Which HTML the hero keeps (the server's allowlist, from the shared rules) and what goes. */
export function AllowedHtmlNote() {
  return (
    <aside
      aria-labelledby="allowed-html-heading"
      className="grid content-start gap-3 self-start rounded-xl border bg-card p-5 text-sm shadow-sm"
    >
      <h2 id="allowed-html-heading" className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-4 text-brand-strong" aria-hidden />
        Allowed HTML
      </h2>
      <ul className="flex flex-wrap gap-1.5" aria-label="Allowed tags">
        {HERO_RULES.allowedTags.map((tag) => (
          <li key={tag}>
            <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">&lt;{tag}&gt;</code>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground">
        Links may go to {HERO_RULES.linkSchemes.join(", ")} addresses or a path on this site, with a{" "}
        <code className="font-mono text-xs">title</code> and{" "}
        <code className="font-mono text-xs">target="_blank"</code>; every link gets{" "}
        <code className="font-mono text-xs">rel="noopener noreferrer"</code>.
      </p>
      <p className="text-muted-foreground">
        Anything else (other tags, styles, classes, scripts, event handlers, images, frames) is
        removed when you save; the words inside stay, and a link to a refused address becomes plain
        words. Preview and HTML show the result.
      </p>
    </aside>
  );
}
