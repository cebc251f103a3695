import { type ApiKeyCreated, MESSAGES } from "@sawdust/shared";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";

interface NewKeyPanelProps {
  created: ApiKeyCreated;
  /** The admin has saved it: the key leaves the screen. */
  onDismiss: () => void;
}

/**
 * The one showing of a new key (spec sections 2 and 8): the key, a copy button ('API Key
 * Copied') and the warning that it will not be shown again. It is gone when another key is made,
 * when the admin dismisses it or leaves the page: nothing keeps it.
 */
export function NewKeyPanel({ created, onDismiss }: NewKeyPanelProps) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const m = MESSAGES.apiKeys;

  // Focus moves here, so a keyboard or screen reader user meets the key at once.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(created.apiKey);
      setCopied(true);
      toast({
        title: m.copied,
        description: `The key for “${created.name}” is on your clipboard.`,
      });
    } catch {
      toast({
        title: "Could not copy",
        description: "Select the key and copy it yourself.",
        variant: "destructive",
      });
    }
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      data-testid="new-api-key"
      className="grid gap-4 rounded-xl border border-brand/40 bg-brand/5 p-5 shadow-sm sm:p-6"
    >
      <h2
        id={`${id}-heading`}
        ref={heading}
        tabIndex={-1}
        className="font-display text-xl font-semibold outline-none"
      >
        Your new key: {created.name}
      </h2>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <code
          data-testid="new-api-key-value"
          className="min-w-0 flex-1 rounded-md border bg-card px-3 py-2.5 font-mono text-sm break-all select-all"
        >
          {created.apiKey}
        </code>
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="flex gap-2 text-sm font-medium">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-brand-strong" aria-hidden />
        {m.shownOnce}
      </p>
      <Button type="button" variant="ghost" className="justify-self-start" onClick={onDismiss}>
        I have saved it
      </Button>
    </section>
  );
}
