import { EDITION_DESCRIPTIONS, EDITION_LABELS, EDITION_TYPES } from "@sawdust/shared";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { cn } from "@/lib/utils";

interface EditionTypeFieldProps {
  /** The form's registration of the edition type, shared by the three radio buttons. */
  field: UseFormRegisterReturn<"editionType">;
}

/**
 * The three ways to publish, as native radio buttons (arrow keys move between them) dressed as
 * cards, each with the spec's one-line explanation.
 */
export function EditionTypeField({ field }: EditionTypeFieldProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium leading-none">Edition type</legend>
      {EDITION_TYPES.map((editionType) => {
        const labelId = `${id}-${editionType}-label`;
        const descriptionId = `${id}-${editionType}-description`;
        return (
          <label
            key={editionType}
            className={cn(
              "flex cursor-pointer items-start gap-3 rounded-lg border border-input bg-card p-3.5",
              "transition-colors hover:bg-accent/60",
              "has-[:checked]:border-brand has-[:checked]:bg-brand/5",
              "has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60",
            )}
          >
            <input
              {...field}
              type="radio"
              value={editionType}
              aria-labelledby={labelId}
              aria-describedby={descriptionId}
              className="mt-0.5 size-4 shrink-0 accent-brand"
            />
            <span className="grid gap-1">
              <span id={labelId} className="text-sm font-medium leading-none">
                {EDITION_LABELS[editionType]}
              </span>
              <span id={descriptionId} className="text-sm text-muted-foreground">
                {EDITION_DESCRIPTIONS[editionType]}
              </span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
