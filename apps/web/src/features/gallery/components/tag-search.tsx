import { MESSAGES, slugifyTag } from "@sawdust/shared";
import { useQuery } from "@tanstack/react-query";
import { Hash, Search } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { tagListQueryOptions } from "@/lib/tags";
import { cn } from "@/lib/utils";
import { tagSuggestions } from "../tag-suggestions";

interface TagSearchProps {
  /** Called with the slugified tag the visitor chose or typed. */
  onApply: (tag: string) => void;
  className?: string;
}

/**
 * Tag search: a combobox over the catalogue's tags (fetched on first focus, not with the page).
 * Submitting applies the highlighted suggestion, or the typed words slugified (spec section 5).
 */
export function TagSearch({ onApply, className }: TagSearchProps) {
  const id = useId();
  const listId = `${id}-tags`;
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const [active, setActive] = useState(-1);
  const tags = useQuery({ ...tagListQueryOptions, enabled: wanted });
  const suggestions = useMemo(() => tagSuggestions(tags.data, text), [tags.data, text]);
  const activeTag = suggestions[active]?.tag;
  const listShown = open && suggestions.length > 0;

  function apply(tag: string | undefined) {
    const slug = tag ?? slugifyTag(text);
    if (!slug) return;
    onApply(slug);
    setText("");
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Positions run from -1 (the typed words themselves) to the last suggestion, round and round.
      const positions = suggestions.length + 1;
      setActive((index) => ((index + 1 + step + positions) % positions) - 1);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <search aria-label="Tags" className={cn("relative block", className)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          apply(open ? activeTag : undefined);
        }}
      >
        <label htmlFor={`${id}-input`} className="sr-only">
          Search tags
        </label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          placeholder="Search tags…"
          aria-autocomplete="list"
          aria-expanded={listShown}
          aria-controls={listShown ? listId : undefined}
          aria-activedescendant={open && activeTag ? `${id}-option-${active}` : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          // Focus only fetches the tags; the list opens on typing, a click or an arrow key (the
          // drawer focuses this input as it opens and must not cover its own controls).
          onFocus={() => setWanted(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={cn(
            "h-10 w-full rounded-full border border-input bg-card pl-9 pr-4 text-base shadow-sm md:text-sm",
            "placeholder:text-muted-foreground focus-visible:border-ring",
            "[&::-webkit-search-cancel-button]:hidden",
          )}
        />
        <div
          className={cn(
            "absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border bg-popover p-1 text-popover-foreground shadow-lg",
            !open && "hidden",
          )}
        >
          {listShown && (
            <ul
              id={listId}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern; focus stays in the input
              role="listbox"
              aria-label="Tag suggestions"
              className="max-h-72 overflow-y-auto"
            >
              {suggestions.map((suggestion, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the input handles the keys (aria-activedescendant)
                // biome-ignore lint/a11y/useFocusableInteractive: options are never focused, the input is
                <li
                  key={suggestion.tag}
                  id={`${id}-option-${index}`}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the listbox above
                  role="option"
                  aria-selected={index === active}
                  // Keeps the focus in the input, which would otherwise close the list first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => apply(suggestion.tag)}
                  onMouseMove={() => setActive(index)}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm",
                    index === active && "bg-accent",
                  )}
                >
                  <Hash className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
                  <span className="min-w-0 flex-1 truncate">{suggestion.tag}</span>
                  <span className="text-xs tabular-nums text-muted-foreground">
                    {suggestion.count}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {suggestions.length === 0 && (
            <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
              {tags.isPending ? "Loading tags…" : MESSAGES.images.noTags}
            </p>
          )}
        </div>
      </form>
    </search>
  );
}
