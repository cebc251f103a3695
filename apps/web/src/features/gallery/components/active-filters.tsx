import { X } from "lucide-react";
import { GalleryForm } from "@/components/layout/gallery-form";
import type { ImageFilters } from "@/lib/images";
import { cn } from "@/lib/utils";
import type { FilterName } from "../use-gallery-filters";

const LABELS: Record<FilterName, string> = { tag: "Tag", style: "Style", color: "Colour" };
const ORDER: readonly FilterName[] = ["tag", "style", "color"];

interface ActiveFiltersProps {
  filters: ImageFilters;
  onRemove: (name: FilterName) => void;
  className?: string;
}

/** A swatch for the colour filter: colour names and hex values are both CSS colours. */
function swatchOf(color: string): string {
  return /^[0-9a-f]{3}([0-9a-f]{3})?$/.test(color) ? `#${color}` : color;
}

/** One removable chip per filter in use. */
export function ActiveFilters({ filters, onRemove, className }: ActiveFiltersProps) {
  const active = ORDER.flatMap((name) => {
    const value = filters[name];
    return value ? [{ name, value }] : [];
  });
  if (active.length === 0) return null;
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
                type="submit"
                onClick={() => onRemove(name)}
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
