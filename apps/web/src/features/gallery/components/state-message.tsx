import type { ReactNode } from "react";

interface StateMessageProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  role?: "alert";
  testId?: string;
}

/** The gallery's empty or error state: an icon, a heading and what to do. */
export function StateMessage({ icon, title, children, role, testId }: StateMessageProps) {
  return (
    <div
      role={role}
      data-testid={testId}
      className="mx-auto flex max-w-md flex-col items-center rounded-2xl border border-dashed border-input bg-card/60 px-6 py-14 text-center"
    >
      <span className="grid size-12 place-items-center rounded-full bg-secondary text-secondary-foreground">
        {icon}
      </span>
      <h2 className="mt-4 font-display text-xl font-semibold">{title}</h2>
      <div className="mt-1 text-sm text-muted-foreground">{children}</div>
    </div>
  );
}
