import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

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
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
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
          disabled={disabled || pending}
        >
          {children}
        </Button>
      </div>
    </>
  );
}
