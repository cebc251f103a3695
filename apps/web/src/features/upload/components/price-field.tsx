import { UPLOAD } from "@sawdust/shared";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface PriceFieldProps {
  /** The form's registration of the price, as typed in dollars; empty means no price. */
  field: UseFormRegisterReturn<"price">;
  /** The schema's message, for a price the server would refuse. */
  error?: string;
}

/**
 * Price in US dollars. The browser's own validation holds it to at least 0 in steps of a cent,
 * so an invalid price stops the form before anything is sent.
 */
export function PriceField({ field, error }: PriceFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Price (USD)</Label>
      <div className="relative">
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
        >
          $
        </span>
        <Input
          id={id}
          {...field}
          type="number"
          inputMode="decimal"
          min={0}
          step={UPLOAD.priceStep}
          placeholder="0.00"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          className="pl-7 aria-[invalid]:border-destructive"
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        Leave empty for no price.
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
