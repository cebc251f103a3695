import { slugifyTag } from "@sawdust/shared";
import { type ComponentType, useState } from "react";
import { cn } from "@/lib/utils";
import {
  TAG_INPUT_CLASS,
  TAG_INPUT_PLACEHOLDER,
  type TagComboboxProps,
  TagSearchIcon,
  type TagSearchProps,
} from "./tag-search-parts";

// The combobox (cmdk) is not needed to paint the gallery: it loads when the box is first pointed
// at or focused, and replaces this stand-in, keeping the words and the focus.
let loaded: ComponentType<TagComboboxProps> | undefined;
const loadCombobox = () =>
  import("./tag-combobox").then((module) => {
    loaded = module.TagCombobox;
    return loaded;
  });

/**
 * Tag search: a combobox over the catalogue's tags (spec: the toolbar's tag search). Enter takes
 * the highlighted suggestion, or the typed words slugified when none is offered (spec section 5).
 */
export function TagSearch({ onApply, className }: TagSearchProps) {
  const [Combobox, setCombobox] = useState(() => loaded);
  const [text, setText] = useState("");
  const [focused, setFocused] = useState(false);

  function want() {
    if (!Combobox) void loadCombobox().then((component) => setCombobox(() => component));
  }

  return (
    <search aria-label="Tags" className={cn("relative block", className)}>
      {Combobox ? (
        <Combobox onApply={onApply} text={text} onTextChange={setText} autoFocus={focused} />
      ) : (
        <>
          <TagSearchIcon />
          <input
            type="text"
            role="combobox"
            aria-label="Search tags"
            aria-expanded={false}
            aria-autocomplete="list"
            autoComplete="off"
            enterKeyHint="search"
            placeholder={TAG_INPUT_PLACEHOLDER}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onPointerEnter={want}
            onFocus={() => {
              setFocused(true);
              want();
            }}
            onBlur={() => setFocused(false)}
            onKeyDown={(event) => {
              const slug = slugifyTag(text);
              if (event.key !== "Enter" || !slug) return;
              onApply(slug);
              setText("");
            }}
            className={TAG_INPUT_CLASS}
          />
        </>
      )}
    </search>
  );
}
