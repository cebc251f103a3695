import type { ReactNode } from "react";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** What a field's control needs so its label, hint, counter and error are read with it. */
export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

interface ProfileFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  /** A character counter against the field's limit. */
  counter?: { length: number; max: number };
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** One labelled form field with its hint, character counter and error message beneath it. */
export function ProfileField({
  id,
  label,
  error,
  hint,
  counter,
  className,
  children,
}: ProfileFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const counterId = counter ? `${id}-counter` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId, counterId].filter(Boolean).join(" ") || undefined;
  const over = counter !== undefined && counter.length > counter.max;
  return (
    <div className={cn("grid content-start gap-2", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
      })}
      {(hint || counter) && (
        <div className="flex items-start justify-between gap-4 text-xs text-muted-foreground">
          {hint ? <p id={hintId}>{hint}</p> : <span />}
          {counter && (
            <p
              id={counterId}
              className={cn("shrink-0 tabular-nums", over && "font-semibold text-destructive")}
            >
              {counter.length} / {counter.max}
              <span className="sr-only"> characters</span>
            </p>
          )}
        </div>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
