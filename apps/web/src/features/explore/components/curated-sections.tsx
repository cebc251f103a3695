import { normalizeStyle } from "@sawdust/shared";
import { ArrowUpRight, Brush, Camera, Clock, Droplets, Sparkles } from "lucide-react";
import type { ComponentType } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { imageCountLabel } from "@/lib/counts";
import { ART_STYLES, COLOR_THEMES, CURATED_COLLECTIONS } from "@/lib/tags";
import { cn } from "@/lib/utils";

// A row on wider screens; on a phone two tiles sit side by side, so the emblem goes on top.
const TILE =
  "flex h-full flex-col items-start gap-3 rounded-xl border bg-card p-3.5 shadow-xs transition-colors sm:flex-row sm:items-center sm:gap-4 sm:p-4";
const LINK_TILE = cn(TILE, "group hover:border-brand hover:bg-accent/60");

// Decoration only: each style's emblem. The words beside it carry the meaning.
const STYLE_LOOKS: Record<(typeof ART_STYLES)[number], { icon: ComponentType; swatch: string }> = {
  "Digital Art": { icon: Sparkles, swatch: "from-indigo-600 to-fuchsia-500" },
  "Oil Painting": { icon: Brush, swatch: "from-amber-700 to-rose-800" },
  Watercolor: { icon: Droplets, swatch: "from-sky-500 to-teal-400" },
  Photography: { icon: Camera, swatch: "from-stone-600 to-stone-900" },
};

/** The four styles of the search palette, each opening the gallery filtered by it. */
export function ArtStyles() {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {ART_STYLES.map((style) => {
        const { icon: Icon, swatch } = STYLE_LOOKS[style];
        return (
          <li key={style}>
            <Link
              to={paths.gallery.getHref({ style: normalizeStyle(style) })}
              className={LINK_TILE}
            >
              <span
                aria-hidden
                className={cn(
                  "flex size-10 shrink-0 items-center sm:size-12 justify-center rounded-lg bg-gradient-to-br text-white [&_svg]:size-5",
                  swatch,
                )}
              >
                <Icon />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">{style}</span>
                <span className="text-sm text-muted-foreground">Browse the style</span>
              </span>
              <ArrowUpRight
                aria-hidden
                className="ml-auto size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5 max-sm:hidden"
              />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The palette's collections. Recently Added is the gallery itself (newest first); the curated
 * sets are not made yet, and say so instead of linking to an imitation.
 */
export function CuratedCollections() {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {CURATED_COLLECTIONS.map(({ label, available }) => (
        <li key={label}>
          {available ? (
            <Link to={paths.gallery.getHref()} className={LINK_TILE}>
              <span
                aria-hidden
                className="flex size-10 shrink-0 items-center sm:size-12 justify-center rounded-lg bg-brand text-brand-foreground [&_svg]:size-5"
              >
                <Clock />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">{label}</span>
                <span className="text-sm text-muted-foreground">The newest artwork first</span>
              </span>
              <ArrowUpRight
                aria-hidden
                className="ml-auto size-4 shrink-0 text-muted-foreground max-sm:hidden"
              />
            </Link>
          ) : (
            <div className={cn(TILE, "border-dashed bg-card/60 shadow-none")}>
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">{label}</span>
                <span className="text-sm text-muted-foreground">Curated set — coming soon</span>
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

// Decoration only: a strip of colours that reads as each theme at a glance.
const THEME_STRIPS: Record<(typeof COLOR_THEMES)[number]["tag"], string[]> = {
  vibrant: ["#e11d48", "#f59e0b", "#10b981", "#2563eb", "#a855f7"],
  monochrome: ["#171717", "#404040", "#737373", "#a3a3a3", "#e5e5e5"],
  pastel: ["#fbcfe8", "#bfdbfe", "#bbf7d0", "#fde68a", "#ddd6fe"],
  dark: ["#0c0a09", "#1e1b4b", "#172554", "#3b0764", "#1c1917"],
};

/**
 * The colour themes. The colour analysis tags each image with the themes it fits, so each one is
 * simply a tag filter; `counts` says how many public images carry it, when known.
 */
export function ColorThemes({ counts }: { counts?: ReadonlyMap<string, number> }) {
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {COLOR_THEMES.map(({ label, tag, description }) => {
        const count = counts?.get(tag);
        return (
          <li key={tag}>
            <Link
              to={paths.gallery.getHref({ tag })}
              className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-colors hover:border-brand"
            >
              <span aria-hidden className="flex h-16 sm:h-20">
                {THEME_STRIPS[tag].map((colour) => (
                  <span
                    key={colour}
                    className="flex-1 transition-[flex] duration-300 group-hover:first:flex-[1.6] motion-reduce:transition-none"
                    style={{ backgroundColor: colour }}
                  />
                ))}
              </span>
              <span className="flex flex-col gap-0.5 p-3 sm:p-4">
                <span className="font-medium">{label}</span>
                <span className="text-sm text-muted-foreground">
                  {count === undefined ? description : imageCountLabel(count)}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
