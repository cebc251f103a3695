import { type Ref, useId } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import type { CollectionFormErrors, CollectionFormValues } from "../collection-form";

export interface CollectionFieldsProps {
  values: CollectionFormValues;
  errors: CollectionFormErrors;
  onChange: (values: CollectionFormValues) => void;
  disabled?: boolean;
  /** The name field, so a form can move the keyboard to it when it is refused. */
  nameRef?: Ref<HTMLInputElement>;
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
  values,
  errors,
  onChange,
  disabled,
  nameRef,
  autoFocus,
}: CollectionFieldsProps) {
  const id = useId();
  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          ref={nameRef}
          id={`${id}-name`}
          name="name"
          value={values.name}
          placeholder="e.g. Quiet harbours"
          autoComplete="off"
          disabled={disabled}
          autoFocus={autoFocus}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          className="aria-[invalid]:border-destructive"
          onChange={(event) => onChange({ ...values, name: event.target.value })}
        />
        <FieldError id={`${id}-name-error`} message={errors.name} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-description`}>
          Description <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Textarea
          id={`${id}-description`}
          name="description"
          rows={4}
          value={values.description}
          placeholder="What ties these pieces together?"
          disabled={disabled}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
          className="aria-[invalid]:border-destructive"
          onChange={(event) => onChange({ ...values, description: event.target.value })}
        />
        <FieldError id={`${id}-description-error`} message={errors.description} />
      </div>
    </>
  );
}
