import { X } from "lucide-react";
import { useEffect, useRef } from "react";
import { GalleryForm } from "@/components/layout/gallery-form";
import type { ImageFilters } from "@/lib/images";
import { cn } from "@/lib/utils";
import type { FilterName } from "../use-gallery-filters";

const LABELS: Record<FilterName, string> = { tag: "Tag", style: "Style", color: "Colour" };
const ORDER: readonly FilterName[] = ["tag", "style", "color"];

interface ActiveFiltersProps {
  filters: ImageFilters;
  onRemove: (name: FilterName) => void;
  /** Takes the focus when the last chip is removed (its button, which had it, goes too). */
  onLastRemoved?: () => void;
  className?: string;
}

/** A swatch for the colour filter: colour names and hex values are both CSS colours. */
function swatchOf(color: string): string {
  return /^[0-9a-f]{3}([0-9a-f]{3})?$/.test(color) ? `#${color}` : color;
}

/**
 * One removable chip per filter in use. Removing one hands the focus to the next chip's button,
 * else the previous one's, else to `onLastRemoved`: never to the page's body.
 */
export function ActiveFilters({ filters, onRemove, onLastRemoved, className }: ActiveFiltersProps) {
  const removers = useRef<Partial<Record<FilterName, HTMLButtonElement | null>>>({});
  /** A chip being removed, and the chip whose button takes the focus once it has gone. */
  const handOver = useRef<[removed: FilterName, heir: FilterName]>(undefined);
  const active = ORDER.flatMap((name) => {
    const value = filters[name];
    return value ? [{ name, value }] : [];
  });
  const shown = active.map((filter) => filter.name).join();

  // The focus moves once the chip has gone, not as it is pressed: until the gallery of the new
  // filters shows, the old chips (and their old filters) are still on screen, and a second Enter
  // on the heir would bring the first filter back.
  useEffect(() => {
    const pending = handOver.current;
    if (!pending || shown.includes(pending[0])) return;
    handOver.current = undefined;
    removers.current[pending[1]]?.focus();
  }, [shown]);

  if (active.length === 0) return null;

  function remove(name: FilterName) {
    const at = active.findIndex((filter) => filter.name === name);
    const heir = (active[at + 1] ?? active[at - 1])?.name;
    handOver.current = heir && [name, heir];
    // The last chip's place goes with it: the focus goes at once to what stays.
    if (!heir) onLastRemoved?.();
    onRemove(name);
  }

  return (
    <ul aria-label="Active filters" className={cn("flex flex-wrap items-center gap-2", className)}>
      {active.map(({ name, value }) => (
        <li key={name}>
          <span
            data-testid={`filter-chip-${name}`}
            className="inline-flex h-8 max-w-56 items-center gap-1.5 rounded-full border border-input bg-secondary pl-3 pr-1 text-sm text-secondary-foreground"
          >
            {name === "color" && (
              <span
                aria-hidden
                className="size-3.5 shrink-0 rounded-full ring-1 ring-stone-900/20"
                style={{ backgroundColor: swatchOf(value) }}
              />
            )}
            <span className="truncate">
              <span className="text-muted-foreground">{LABELS[name]}:</span> {value}
            </span>
            {/* Without JavaScript, it asks for the gallery without this filter. */}
            <GalleryForm filters={{ ...filters, [name]: undefined }}>
              <button
                ref={(button) => {
                  removers.current[name] = button;
                }}
                type="submit"
                onClick={() => remove(name)}
                aria-label={`Remove ${LABELS[name].toLowerCase()} filter ${value}`}
                className="grid size-6 shrink-0 place-items-center rounded-full text-muted-foreground transition-colors hover:bg-stone-900/10 hover:text-foreground"
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </GalleryForm>
          </span>
        </li>
      ))}
    </ul>
  );
}
