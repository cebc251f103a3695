import { MESSAGES } from "@sawdust/shared";
import { FlaskConical } from "lucide-react";
import { cn } from "@/lib/utils";

/** The built-in sandbox takes this site's payments: said discreetly wherever billing shows. */
export function SandboxNote({ className }: { className?: string }) {
  return (
    <p
      data-testid="sandbox-note"
      className={cn("inline-flex items-center gap-1.5 text-xs text-muted-foreground", className)}
    >
      <FlaskConical className="size-3.5 shrink-0" aria-hidden />
      {MESSAGES.subscriptions.sandboxNotice}
    </p>
  );
}
