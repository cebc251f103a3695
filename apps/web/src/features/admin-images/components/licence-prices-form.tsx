import {
  editionForSale,
  type Image,
  LICENCE_LABELS,
  LICENCES,
  type Licence,
  MESSAGES,
  ZLicencePricesBody,
} from "@sawdust/shared";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { useSetLicencePrices } from "../api/set-licence-prices";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** Dollars as typed ("25", "25.5", "25.50") in cents; blank is null (the site's default). */
function centsOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}

/** The piece's licence prices (issue 19), beside the edit form; only for a piece that sells. */
export function LicencePricesForm({ image }: { image: Image }) {
  const id = useId();
  const save = useSetLicencePrices(image.id);
  // The piece's own prices; a blank field shows (as its placeholder) what the piece costs without
  // one, and saving it blank keeps following the site's default.
  const own = image.ownLicencePrices;
  const [values, setValues] = useState<Record<Licence, string>>(() => ({
    standard: own?.standard != null ? dollars(own.standard) : "",
    commercial: own?.commercial != null ? dollars(own.commercial) : "",
  }));
  // Each field's own refusal, under it; the server's refusal is the whole form's.
  const [invalid, setInvalid] = useState<ReadonlySet<Licence>>(new Set());
  const [saveError, setSaveError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Licence, HTMLInputElement | null>>>({});
  if (!editionForSale(image.editionType)) return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaveError(null);
    const parsed = ZLicencePricesBody.safeParse({
      standard: centsOf(values.standard),
      commercial: centsOf(values.commercial),
    });
    if (!parsed.success) {
      const bad = LICENCES.filter((licence) =>
        parsed.error.issues.some((issue) => issue.path[0] === licence),
      );
      setInvalid(new Set(bad));
      // To the first field to correct, which reads out its message, as the edit form does.
      if (bad[0]) inputs.current[bad[0]]?.focus();
      return;
    }
    setInvalid(new Set());
    save.mutate(parsed.data, {
      onSuccess: () => toast({ title: MESSAGES.editions.pricesSaved }),
      onError: (e) => setSaveError(isApiRequestError(e) ? e.body || e.message : e.message),
    });
  }

  return (
    <form onSubmit={submit} className="mt-8 grid gap-4 rounded-xl border bg-card p-5" noValidate>
      <div>
        <h2 className="font-display text-xl font-semibold">Licence prices</h2>
        <p className="mt-1 text-sm text-muted-foreground">
          What a buyer pays for each licence, in dollars. Blank: the site's default.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {LICENCES.map((licence) => {
          const field = `${id}-${licence}`;
          const wrong = invalid.has(licence);
          return (
            <div key={licence} className="grid content-start gap-1.5">
              <Label htmlFor={field}>{LICENCE_LABELS[licence]} ($)</Label>
              <Input
                ref={(element) => {
                  inputs.current[licence] = element;
                }}
                id={field}
                inputMode="decimal"
                value={values[licence]}
                placeholder={
                  image.licencePrices
                    ? `${dollars(image.licencePrices[licence])} (default)`
                    : undefined
                }
                aria-invalid={wrong || undefined}
                aria-describedby={wrong ? `${field}-error` : undefined}
                onChange={(event) => setValues({ ...values, [licence]: event.target.value })}
              />
              {wrong && (
                <p id={`${field}-error`} className="text-sm font-medium text-destructive">
                  {MESSAGES.editions.licencePriceInvalid}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {saveError && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {saveError}
        </p>
      )}
      <Button
        type="submit"
        variant="outline"
        disabled={save.isPending}
        className="justify-self-start"
      >
        Save licence prices
      </Button>
    </form>
  );
}
