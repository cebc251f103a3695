import { MESSAGES } from "@sawdust/shared";
import { Copy, Download } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { useFocusWhenDropped } from "@/lib/focus-when-dropped";

const m = MESSAGES.twoFactor;

/** The recovery codes, shown once: copy them, download them, then say they are saved. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join("\n")}\n`;
  const heading = useRef<HTMLHeadingElement>(null);
  // It replaces the form whose submit turned two-factor on: the codes, shown only now, get the focus.
  useFocusWhenDropped(heading);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: m.copied });
    } catch {
      toast({ title: m.failed, description: MESSAGES.genericError, variant: "destructive" });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby="recovery-title" className="grid gap-4" data-testid="recovery-codes">
      <div>
        <h3 id="recovery-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
          {m.recoveryTitle}
        </h3>
        <p className="mt-1 text-sm text-muted-foreground">{m.recoveryDescription}</p>
      </div>
      <ul className="grid grid-cols-1 gap-2 rounded-md border bg-muted/50 p-4 font-mono text-sm min-[400px]:grid-cols-2">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden />
          {m.copyCodes}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden />
          {m.downloadCodes}
        </Button>
        <Button type="button" onClick={onDone}>
          {m.savedThem}
        </Button>
      </div>
    </section>
  );
}
