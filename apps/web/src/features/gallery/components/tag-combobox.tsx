import { MESSAGES, slugifyTag } from "@sawdust/shared";
import { Command } from "cmdk";
import { Hash } from "lucide-react";
import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTags } from "@/lib/api/get-tags";
import { cn } from "@/lib/utils";
import { tagSuggestions } from "../tag-suggestions";
import {
  TAG_INPUT_CLASS,
  TAG_INPUT_PLACEHOLDER,
  type TagComboboxProps,
  TagSearchIcon,
} from "./tag-search-parts";

/**
 * The tag search's combobox. cmdk keeps the list (the arrows and the pointer move the highlight,
 * Enter selects the highlighted option); the box is our own input, so that it says what is true
 * (expanded only while the list shows, its active option the highlighted one), and the highlight
 * is ours too: the first suggestion whenever the words change, so that Enter takes it. Enter with
 * none offered applies the typed words. Loaded on demand by TagSearch, which keeps the words.
 */
export function TagCombobox({ onApply, text, onTextChange, autoFocus }: TagComboboxProps) {
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // Opens on typing, a click or an arrow key; focus alone only fetches (the drawer focuses this
  // box as it opens and must not cover its own controls).
  const [open, setOpen] = useState(() => autoFocus && text !== "");
  const [chosen, setChosen] = useState("");
  const tags = useTags();
  const suggestions = useMemo(() => tagSuggestions(tags.data, text), [tags.data, text]);
  const listShown = open && suggestions.length > 0;
  // The option last reached with the arrows or the pointer, else the first.
  const highlighted = listShown
    ? (suggestions.find((s) => s.tag === chosen) ?? suggestions[0])?.tag
    : undefined;

  // The options' ids are cmdk's: read the highlighted one's from the list once it is drawn.
  useLayoutEffect(() => {
    const box = input.current;
    const option = highlighted
      ? list.current?.querySelector(`[cmdk-item][data-value="${CSS.escape(highlighted)}"]`)
      : null;
    if (!box) return;
    if (list.current) box.setAttribute("aria-controls", list.current.id);
    if (option?.id) box.setAttribute("aria-activedescendant", option.id);
    else box.removeAttribute("aria-activedescendant");
  }, [highlighted]);

  // Taking over from the stand-in that had the focus, perhaps mid-word: the focus moves here, the
  // caret after what was typed.
  useLayoutEffect(() => {
    const box = input.current;
    if (!autoFocus || !box) return;
    box.focus();
    box.setSelectionRange(box.value.length, box.value.length);
  }, [autoFocus]);

  function apply(tag: string) {
    if (!tag) return;
    onApply(tag);
    onTextChange("");
    setOpen(false);
    setChosen("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && !open) {
      // The first press opens the list, with its first suggestion highlighted.
      event.preventDefault();
      setOpen(true);
    } else if (event.key === "Enter" && !highlighted) {
      event.preventDefault();
      apply(slugifyTag(text));
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === "Home" || event.key === "End") {
      // The caret's keys in a text box: not cmdk's first and last option.
      event.stopPropagation();
    }
  }

  return (
    <Command shouldFilter={false} loop value={highlighted ?? ""} onValueChange={setChosen}>
      <TagSearchIcon />
      <input
        ref={input}
        type="text"
        role="combobox"
        aria-label="Search tags"
        aria-expanded={listShown}
        aria-autocomplete="list"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={TAG_INPUT_PLACEHOLDER}
        value={text}
        onChange={(event) => {
          onTextChange(event.target.value);
          setOpen(true);
          setChosen("");
        }}
        onClick={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={TAG_INPUT_CLASS}
      />
      <div
        className={cn(
          "absolute inset-x-0 top-full z-40 mt-2 overflow-hidden rounded-xl border bg-popover p-1 text-popover-foreground shadow-lg",
          !open && "hidden",
        )}
      >
        <Command.List
          ref={list}
          label="Tag suggestions"
          hidden={!listShown}
          // Pressing a suggestion must not blur the box first, which would close the list.
          onMouseDown={(event) => event.preventDefault()}
          className="max-h-72 overflow-y-auto"
        >
          {suggestions.map((suggestion) => (
            <Command.Item
              key={suggestion.tag}
              value={suggestion.tag}
              onSelect={() => apply(suggestion.tag)}
              className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm data-[selected=true]:bg-accent"
            >
              <Hash className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 truncate">{suggestion.tag}</span>
              <span className="text-xs tabular-nums text-muted-foreground">{suggestion.count}</span>
            </Command.Item>
          ))}
        </Command.List>
        {suggestions.length === 0 && (
          <p className="px-3 py-2 text-sm text-muted-foreground" role="status">
            {tags.isPending ? "Loading tags…" : MESSAGES.images.noTags}
          </p>
        )}
      </div>
    </Command>
  );
}
