import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

export interface CollectionFieldsProps {
  /** The form's registration of each field. */
  name: UseFormRegisterReturn<"name">;
  description: UseFormRegisterReturn<"description">;
  /** Each field's message, once a save has been tried. */
  errors: { name?: string; description?: string };
  disabled?: boolean;
  autoFocus?: boolean;
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/** The name and description of a collection, with each field's error read out along with it. */
export function CollectionFields({
  name,
  description,
  errors,
  disabled,
  autoFocus,
}: CollectionFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          {...name}
          placeholder="e.g. Quiet harbours"
          autoComplete="off"
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          className="aria-[invalid]:border-destructive"
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={`${id}-description`}
          {...description}
          rows={4}
          placeholder="What ties these pieces together?"
          disabled={disabled}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          className="aria-[invalid]:border-destructive"
        />
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>
    </>
  );
}
