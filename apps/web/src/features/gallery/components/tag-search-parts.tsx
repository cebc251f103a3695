import { Search } from "lucide-react";
import type { ImageFilters } from "@/lib/images";

/* What the tag search's stand-in (tag-search.tsx) and its combobox (tag-combobox.tsx) share. */

export interface TagSearchProps {
  /** Called with the slugified tag the visitor chose or typed. */
  onApply: (tag: string) => void;
  /** The gallery's filters: without JavaScript, Enter asks for them with the tag typed. */
  filters: ImageFilters;
  className?: string;
}

export interface TagComboboxProps extends Omit<TagSearchProps, "filters"> {
  /** What is typed, kept here so it survives the swap from the stand-in to the combobox. */
  text: string;
  onTextChange: (text: string) => void;
  /** The stand-in had the focus: the combobox takes it over. */
  autoFocus: boolean;
}

/** The box's look, shared by the stand-in and the combobox so nothing moves when one replaces the other. */
export const TAG_INPUT_CLASS = [
  "h-10 w-full rounded-full border border-input bg-card pl-9 pr-4 text-base shadow-sm md:text-sm",
  "placeholder:text-muted-foreground focus-visible:border-ring",
].join(" ");
export const TAG_INPUT_PLACEHOLDER = "Search tags…";

export function TagSearchIcon() {
  return (
    <Search
      className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      aria-hidden
    />
  );
}
