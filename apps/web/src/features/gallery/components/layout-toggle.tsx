import { LayoutDashboard, LayoutGrid, type LucideIcon } from "lucide-react";
import type { TileLayout } from "@/components/artwork/image-tile";
import { cn } from "@/lib/utils";

const OPTIONS = [
  { value: "grid", label: "Grid", Icon: LayoutGrid },
  { value: "masonry", label: "Masonry", Icon: LayoutDashboard },
] as const satisfies ReadonlyArray<{ value: TileLayout; label: string; Icon: LucideIcon }>;

interface LayoutToggleProps {
  value: TileLayout;
  onChange: (layout: TileLayout) => void;
  className?: string;
}

/** The grid/masonry toggle group: two pressed-state buttons named "Grid" and "Masonry". */
export function LayoutToggle({ value, onChange, className }: LayoutToggleProps) {
  return (
    <fieldset
      className={cn(
        "inline-flex rounded-full border border-input bg-card p-0.5 shadow-sm",
        className,
      )}
    >
      <legend className="sr-only">Layout</legend>
      {OPTIONS.map(({ value: option, label, Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={value === option}
          onClick={() => onChange(option)}
          className={cn(
            "inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium transition-colors",
            "text-muted-foreground hover:text-foreground",
            value === option && "bg-primary text-primary-foreground hover:text-primary-foreground",
          )}
        >
          <Icon className="size-4" aria-hidden />
          {label}
        </button>
      ))}
    </fieldset>
  );
}
