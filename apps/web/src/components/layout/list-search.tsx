import { Search, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface ListSearchProps {
  /** The search in effect (from the URL). */
  value: string;
  onSearch: (query: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
}

/** A list's search box: applied on Enter or the button, cleared with ×; the label names it. */
export function ListSearch({ value, onSearch, label, placeholder, className }: ListSearchProps) {
  const id = useId();
  const [text, setText] = useState(value);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <search className={className}>
      <form onSubmit={submit} className="flex gap-2">
        <Label htmlFor={id} className="sr-only">
          {label}
        </Label>
        <div className="relative min-w-0 flex-1">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={id}
            enterKeyHint="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder={placeholder}
            className="pl-9 pr-10"
          />
          {text && (
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => {
                setText("");
                onSearch("");
              }}
              className="absolute right-2 top-1/2 grid size-6 -translate-y-1/2 place-items-center rounded text-muted-foreground hover:text-foreground"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
        <Button type="submit" variant="outline">
          Search
        </Button>
      </form>
    </search>
  );
}
