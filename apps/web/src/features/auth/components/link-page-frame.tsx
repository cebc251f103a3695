import { type ReactNode, useRef } from "react";
import { useFocusWhenDropped } from "@/lib/focus-when-dropped";

/** The frame of the pages a mailed link opens: a title and one narrow column. */
export function LinkPageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <h1 className="font-display text-3xl font-semibold tracking-tight">{title}</h1>
      <div className="mt-6 grid gap-5">{children}</div>
    </div>
  );
}

/** A message the page shows in place of its form: a success, or why a link did not work. */
export function LinkPageNotice({ tone, children }: { tone: "ok" | "error"; children: ReactNode }) {
  const self = useRef<HTMLParagraphElement>(null);
  // It replaces the button that was pressed (Confirm, Set new password).
  useFocusWhenDropped(self);
  return (
    <p
      ref={self}
      tabIndex={-1}
      role={tone === "error" ? "alert" : "status"}
      className={
        tone === "error"
          ? "rounded-lg border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm"
          : "rounded-lg border bg-card px-4 py-3 text-sm"
      }
    >
      {children}
    </p>
  );
}
