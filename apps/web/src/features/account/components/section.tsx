import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * A button's props for words that wrap onto another line rather than run past a phone's screen
 * when the browser's text is large (WCAG 1.4.10): it grows with its lines from the height it
 * always had (h-10, 40 px at the usual size). That least height is a style, not a min-height
 * class: one the app does not write yet would grow `cn`'s class groups (lib/class-groups.ts) in
 * the first download.
 */
export const WRAPPING_BUTTON = {
  className: "h-auto whitespace-pre-line text-center",
  style: { minHeight: "2.5rem" },
} as const;

/**
 * Narrower than 18rem: a phone's width with the browser's text at 150% or more (18rem is 288 px
 * at the usual size, under any phone's), where 24 px (1.5rem) each side would leave words too
 * little room and break them part-way ("Securit / y").
 */
const NARROW = "@max-[18rem]:px-4";

/** One part of the Account page: a card with a heading and what it is for. */
export function AccountSection({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Card aria-labelledby={`${id}-title`} role="region">
      <CardHeader className={NARROW}>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={`grid grid-cols-1 gap-4 ${NARROW}`}>{children}</CardContent>
    </Card>
  );
}

/** The server's words for a refusal (or the generic message), under a form. */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      {children}
    </p>
  );
}

/**
 * The foot of an account form across both columns: the refusal of its last try, if any, and its
 * button (disabled while the request runs, or when `disabled`).
 */
export function FormFoot({
  problem,
  pending,
  disabled,
  destructive,
  children,
}: {
  problem: ReactNode | undefined;
  pending: boolean;
  disabled?: boolean;
  destructive?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {problem && (
        <div className="sm:col-span-2">
          <FormProblem>{problem}</FormProblem>
        </div>
      )}
      <div className="sm:col-span-2">
        <Button
          type="submit"
          variant={destructive ? "destructive" : undefined}
          {...WRAPPING_BUTTON}
          disabled={disabled || pending}
        >
          {children}
        </Button>
      </div>
    </>
  );
}
