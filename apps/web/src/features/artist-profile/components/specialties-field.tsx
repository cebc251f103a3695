import { PROFILE_LIMITS } from "@sawdust/shared";
import { Plus, X } from "lucide-react";
import { type KeyboardEvent, type Ref, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { handFocusOnBeforeRemoval } from "@/lib/focus-on-removal";
import { addSpecialty } from "../profile-form-model";
import { ProfileField } from "./profile-field";

interface SpecialtiesFieldProps {
  id: string;
  /** The typing box, which takes the focus when the list is refused. */
  inputRef?: Ref<HTMLInputElement>;
  value: string[];
  onChange: (next: string[]) => void;
  /** The error the whole form's check found for the list. */
  error?: string;
  disabled?: boolean;
}

/** Specialties as an editable list of chips: type one and press Enter (or a comma) to add it. */
export function SpecialtiesField({
  id,
  inputRef,
  value,
  onChange,
  error,
  disabled,
}: SpecialtiesFieldProps) {
  const [draft, setDraft] = useState("");
  /** The typing box, where the focus goes when the last chip is removed. */
  const typing = useRef<HTMLInputElement | null>(null);
  const [addError, setAddError] = useState<string>();

  function add() {
    const result = addSpecialty(value, draft);
    setAddError(result.error);
    if (result.error) return;
    if (result.list.length !== value.length) onChange(result.list);
    setDraft("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the chip rather than submitting the whole form.
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add();
    }
  }

  return (
    <div className="grid gap-3">
      <ProfileField
        id={id}
        label="Add a specialty"
        hint={`Press Enter to add one (up to ${PROFILE_LIMITS.specialtiesMax}).`}
        error={addError ?? error}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              ref={(element) => {
                typing.current = element;
                if (typeof inputRef === "function") inputRef(element);
                else if (inputRef) inputRef.current = element;
              }}
              value={draft}
              placeholder="e.g. Watercolor"
              maxLength={PROFILE_LIMITS.specialtyMax * 2}
              disabled={disabled}
              onChange={(event) => {
                setDraft(event.target.value);
                setAddError(undefined);
              }}
              onKeyDown={onKeyDown}
            />
            <Button
              type="button"
              variant="outline"
              onClick={add}
              disabled={disabled || draft.trim() === ""}
            >
              <Plus aria-hidden />
              Add
            </Button>
          </div>
        )}
      </ProfileField>
      {value.length > 0 && (
        <ul aria-label="Your specialties" className="flex flex-wrap gap-2">
          {value.map((specialty) => (
            <li
              key={specialty}
              className="inline-flex max-w-full items-center gap-1 rounded-2xl border bg-secondary py-1 pr-1 pl-3 text-sm font-medium text-secondary-foreground"
            >
              {/* A long specialty wraps in its chip, whole, and never widens the page (round 55). */}
              <span className="min-w-0 wrap-anywhere">{specialty}</span>
              <button
                type="button"
                aria-label={`Remove ${specialty}`}
                disabled={disabled}
                onClick={(event) => {
                  handFocusOnBeforeRemoval(event.currentTarget, typing.current);
                  onChange(value.filter((item) => item !== specialty));
                }}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-background hover:text-foreground"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
