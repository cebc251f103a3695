import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";

interface LoadErrorPanelProps {
  title: string;
  text: string;
  onRetry: () => void;
}

/** A section that could not load: what went wrong, and Try again. */
export function LoadErrorPanel({ title, text, onRetry }: LoadErrorPanelProps) {
  return (
    <div role="alert" className="rounded-xl border bg-card px-6 py-12 text-center">
      <h2 className="font-display text-2xl font-semibold">{title}</h2>
      <p className="mt-2 text-muted-foreground">{text}</p>
      <Button className="mt-6" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

interface EmptyPanelProps {
  icon: ReactNode;
  title: string;
  /** The hint under the title. */
  children: ReactNode;
  /** What to do next (a button or link). */
  action?: ReactNode;
}

/** A list with nothing in it yet: an icon, a title, a hint and what to do next. */
export function EmptyPanel({ icon, title, children, action }: EmptyPanelProps) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed bg-card/60 px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-brand/10 text-brand-strong">
        {icon}
      </span>
      <h2 className="mt-5 font-display text-2xl font-semibold">{title}</h2>
      <p className="mt-2 max-w-md text-muted-foreground">{children}</p>
      {action}
    </div>
  );
}
