import { UPLOAD } from "@sawdust/shared";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

interface PriceFieldProps {
  /** What the admin typed; empty means no price. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * Price in US dollars. The browser's own validation holds it to at least 0 in steps of a cent,
 * so an invalid price stops the form before anything is sent.
 */
export function PriceField({ value, onChange }: PriceFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
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
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step={UPLOAD.priceStep}
          placeholder="0.00"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={hintId}
          className="pl-7"
        />
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        Leave empty for no price.
      </p>
    </div>
  );
}
