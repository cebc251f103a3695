import { Hammer } from "lucide-react";
import type { ReactNode } from "react";
import { useDocumentTitle } from "@/lib/document-title";

interface ScreenPlaceholderProps {
  title: string;
  /** Real content the screen can already show above the notice (a greeting, active filters). */
  children?: ReactNode;
  testId?: string;
}

/**
 * An honest stand-in for a screen that a later issue builds: its title and a plain notice,
 * never sample data.
 */
export function ScreenPlaceholder({ title, children, testId }: ScreenPlaceholderProps) {
  useDocumentTitle(title);
  return (
    <section data-testid={testId} className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">{title}</h1>
      {children && <div className="mt-4">{children}</div>}
      <p className="mt-8 flex items-center gap-3 rounded-xl border border-dashed border-input bg-card/60 px-5 py-4 text-sm text-muted-foreground">
        <Hammer className="size-4 shrink-0" aria-hidden />
        This screen is not built yet.
      </p>
    </section>
  );
}
