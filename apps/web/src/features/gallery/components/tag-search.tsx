import { slugifyTag } from "@sawdust/shared";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { GalleryForm } from "@/components/layout/gallery-form";
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
export function TagSearch({ onApply, filters, className }: TagSearchProps) {
  const [Combobox, setCombobox] = useState(() => loaded);
  const [text, setText] = useState("");
  const [focused, setFocused] = useState(false);
  const box = useRef<HTMLInputElement>(null);

  function want() {
    if (!Combobox) void loadCombobox().then((component) => setCombobox(() => component));
  }

  // Words typed into the server's page before the app took it over stay in the box (hydrating
  // keeps what a field shows), so they are the app's words too, and the focus the box had is the
  // app's: the combobox comes, with its suggestions (round 31). A box the app drew itself is empty.
  useEffect(() => {
    const typed = box.current;
    if (!typed) return;
    if (typed.value !== "") setText(typed.value);
    if (document.activeElement === typed) {
      setFocused(true);
      void loadCombobox().then((component) => setCombobox(() => component));
    }
  }, []);

  return (
    <search aria-label="Tags" className={cn("relative block", className)}>
      {/* Without JavaScript, Enter asks for the gallery of the words typed (the server slugifies
          them as the app does), keeping the other filters. */}
      <GalleryForm filters={{ ...filters, tag: undefined }}>
        {Combobox ? (
          <Combobox onApply={onApply} text={text} onTextChange={setText} autoFocus={focused} />
        ) : (
          <>
            <TagSearchIcon />
            <input
              ref={box}
              type="text"
              name="tag"
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
      </GalleryForm>
    </search>
  );
}
