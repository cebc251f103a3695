import { zodResolver } from "@hookform/resolvers/zod";
import {
  EDITION_DESCRIPTIONS,
  EDITION_LABELS,
  EDITION_SALES,
  EDITION_TYPES,
  formatBytes,
  formatCents,
  groupDigits,
  LICENCE_LABELS,
  LICENCE_SUMMARIES,
  MESSAGES,
  SITE_SETTINGS_BOUNDS,
  type SiteSettings,
  type SiteSettingsInput,
  ZSiteSettings,
} from "@sawdust/shared";
import { type ReactNode, useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { useLeaveWarning } from "@/lib/leave-warning";
import { useSaveSettings } from "../api/save-settings";
import { amountIn, BANDWIDTH_UNITS, type BandwidthUnit, bytesOf, unitFor } from "../bandwidth";

const m = MESSAGES.siteSettings;
/** The form checks what the server checks: the shared schema, bounds and messages included. */
const resolver = zodResolver(ZSiteSettings);

/**
 * The site settings form (admin console): the site's name, whether registration is open, the
 * default edition type, the free tier's limits and the default licence prices. A save changes
 * only the fields changed here; every process applies it at once.
 */
export function SettingsForm({ settings }: { settings: SiteSettings }) {
  const id = useId();
  const save = useSaveSettings();
  const {
    control,
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty, dirtyFields, defaultValues },
  } = useForm<SiteSettingsInput, unknown, SiteSettings>({ resolver, defaultValues: settings });
  // Changes typed and not saved are not lost to a reload or a closed tab without a word.
  useLeaveWarning(isDirty);

  const submit = handleSubmit((values) => {
    save.mutate(
      // What the form started from: a field changed here and by another admin is refused.
      { values, changed: dirtyFields, loaded: defaultValues },
      {
        onSuccess: (saved) => {
          reset(saved);
          toast({ title: m.saved, description: m.savedDescription });
        },
        onError: (error) =>
          toast({
            title: m.saveFailed,
            description: isApiRequestError(error) && error.body ? error.body : error.message,
            variant: "destructive",
          }),
      },
    );
  });
  const saving = save.isPending;
  const number = { valueAsNumber: true } as const;

  return (
    <form onSubmit={submit} noValidate aria-label="Site settings" className="grid gap-6">
      <Section title="Site" description="What visitors see of the site, and who may join.">
        <Field
          id={`${id}-name`}
          label="Site name"
          hint="Shown in the header and in the browser tab's title."
          error={errors.siteName?.message}
        >
          {(aria) => (
            <Input
              {...aria}
              {...register("siteName")}
              maxLength={SITE_SETTINGS_BOUNDS.siteNameMax + 20}
              autoComplete="off"
              disabled={saving}
            />
          )}
        </Field>
        <Controller
          control={control}
          name="registrationOpen"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-lg border bg-background/60 p-4">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-registration`}>Registration open</Label>
                <p id={`${id}-registration-hint`} className="text-sm text-muted-foreground">
                  When closed, the sign-up form says so and the server refuses new accounts. Members
                  can still sign in.
                </p>
              </div>
              <Switch
                id={`${id}-registration`}
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby={`${id}-registration-hint`}
                disabled={saving}
              />
            </div>
          )}
        />
        <Controller
          control={control}
          name="requireTwoFactorForAdmins"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-lg border bg-background/60 p-4">
              <div className="grid gap-1">
                <Label htmlFor={`${id}-two-factor`}>{MESSAGES.twoFactor.settingLabel}</Label>
                <p id={`${id}-two-factor-hint`} className="text-sm text-muted-foreground">
                  {MESSAGES.twoFactor.settingHint}
                </p>
              </div>
              <Switch
                id={`${id}-two-factor`}
                checked={field.value ?? false}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby={`${id}-two-factor-hint`}
                disabled={saving}
              />
            </div>
          )}
        />
      </Section>

      <Section
        title="Free tier"
        description="Limits for signed-in members without Pro, each UTC month. Pro and admins have none."
      >
        <div className="grid gap-5 sm:grid-cols-3">
          <Field
            id={`${id}-downloads`}
            label="Downloads a month"
            hint={`0 to ${groupDigits(SITE_SETTINGS_BOUNDS.monthlyDownloadsMax)}`}
            error={errors.freeTier?.monthlyDownloads?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                {...register("freeTier.monthlyDownloads", number)}
                type="number"
                inputMode="numeric"
                min={0}
                max={SITE_SETTINGS_BOUNDS.monthlyDownloadsMax}
                step={1}
                disabled={saving}
              />
            )}
          </Field>
          <Controller
            control={control}
            name="freeTier.monthlyBandwidthBytes"
            render={({ field, fieldState }) => (
              <BandwidthField
                id={`${id}-bandwidth`}
                bytes={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
                disabled={saving}
              />
            )}
          />
          <Field
            id={`${id}-collections`}
            label="Collections"
            hint={`0 to ${groupDigits(SITE_SETTINGS_BOUNDS.collectionsMax)}`}
            error={errors.freeTier?.collections?.message}
          >
            {(aria) => (
              <Input
                {...aria}
                {...register("freeTier.collections", number)}
                type="number"
                inputMode="numeric"
                min={0}
                max={SITE_SETTINGS_BOUNDS.collectionsMax}
                step={1}
                disabled={saving}
              />
            )}
          </Field>
        </div>
      </Section>

      <Section
        title="Uploads"
        description="The edition type the upload form starts with, and that an upload naming none gets."
      >
        <fieldset className="grid gap-3" disabled={saving}>
          <legend className="mb-3 text-sm font-medium leading-none">Default edition type</legend>
          {EDITION_TYPES.map((editionType) => (
            <label
              key={editionType}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-input bg-card p-3.5 transition-colors hover:bg-accent/60 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
            >
              <input
                {...register("defaultEditionType")}
                type="radio"
                value={editionType}
                aria-describedby={`${id}-${editionType}-description`}
                className="mt-0.5 size-4 shrink-0 accent-brand"
              />
              <span className="grid gap-1">
                <span className="text-sm font-medium leading-none">
                  {EDITION_LABELS[editionType]}
                </span>
                <span
                  id={`${id}-${editionType}-description`}
                  className="text-sm text-muted-foreground"
                >
                  {EDITION_DESCRIPTIONS[editionType]}
                </span>
              </span>
            </label>
          ))}
          {errors.defaultEditionType?.message && (
            <p className="text-sm font-medium text-destructive">
              {errors.defaultEditionType.message}
            </p>
          )}
        </fieldset>
      </Section>

      <Section
        title="Selling editions"
        description="What a 1/1 or an edition costs under each licence when its own edit page sets no price. A piece's own prices always win."
      >
        <div className="grid gap-5 sm:grid-cols-2">
          {(["standard", "commercial"] as const).map((licence) => (
            <Controller
              key={licence}
              control={control}
              name={`licencePrices.${licence}Cents`}
              render={({ field, fieldState }) => (
                <DollarsField
                  id={`${id}-price-${licence}`}
                  label={`${LICENCE_LABELS[licence]} licence ($)`}
                  hint={LICENCE_SUMMARIES[licence]}
                  cents={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error?.message}
                  disabled={saving}
                />
              )}
            />
          ))}
        </div>
      </Section>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="brand" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={saving || !isDirty}
          onClick={() => reset(settings)}
        >
          Discard changes
        </Button>
      </div>
    </form>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <div>
        <h2 className="font-display text-xl font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </section>
  );
}

interface FieldAria {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

/** A labelled field with its hint and, once the form was checked, its error. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (aria: FieldAria) => ReactNode;
}) {
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        "aria-describedby": describedBy || undefined,
        "aria-invalid": error ? true : undefined,
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Dollars as typed ("25", "25.5") in cents; anything else is NaN, which the schema refuses. */
function centsOf(text: string): number {
  const trimmed = text.trim();
  return /^\d{1,7}(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

/** A licence price typed in dollars, kept in cents. */
function DollarsField({
  id,
  label,
  hint,
  cents,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  id: string;
  label: string;
  hint: string;
  cents: number | undefined;
  onChange: (cents: number) => void;
  onBlur: () => void;
  error?: string;
  disabled: boolean;
}) {
  const [text, setText] = useState(() =>
    cents !== undefined && Number.isFinite(cents) ? formatCents(cents) : "",
  );
  // Reset from outside (Discard changes, a save): show the form's figure again.
  if (cents !== undefined && Number.isFinite(cents) && cents !== centsOf(text)) {
    setText(formatCents(cents));
  }
  const { min, max } = EDITION_SALES.defaultPriceBoundsCents;
  return (
    <Field
      id={id}
      label={label}
      hint={`${hint} From $${formatCents(min)} to $${groupDigits(max / 100)}.`}
      error={error}
    >
      {(aria) => (
        <Input
          {...aria}
          inputMode="decimal"
          autoComplete="off"
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            onChange(centsOf(event.target.value));
          }}
          onBlur={onBlur}
        />
      )}
    </Field>
  );
}

/** The bandwidth limit typed in MiB or GiB, kept in bytes. */
function BandwidthField({
  id,
  bytes,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  id: string;
  bytes: number;
  onChange: (bytes: number) => void;
  onBlur: () => void;
  error?: string;
  disabled: boolean;
}) {
  const [unit, setUnit] = useState<BandwidthUnit>(() => unitFor(bytes));
  const [text, setText] = useState(() =>
    Number.isFinite(bytes) ? String(amountIn(bytes, unit)) : "",
  );
  // Reset from outside (Discard changes, a save): show the form's figure again.
  if (Number.isFinite(bytes) && bytes !== bytesOf(text, unit)) {
    setText(String(amountIn(bytes, unit)));
  }
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>Bandwidth a month</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            onChange(bytesOf(event.target.value, unit));
          }}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={[error && errorId, hintId].filter(Boolean).join(" ")}
          className="min-w-0 flex-1"
        />
        <label htmlFor={`${id}-unit`} className="sr-only">
          Bandwidth unit
        </label>
        <select
          id={`${id}-unit`}
          value={unit}
          disabled={disabled}
          onChange={(event) => {
            const next = event.target.value as BandwidthUnit;
            setUnit(next);
            onChange(bytesOf(text, next));
          }}
          className="h-10 rounded-md border border-input bg-card px-2 text-sm shadow-sm"
        >
          {Object.keys(BANDWIDTH_UNITS).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {Number.isFinite(bytes)
          ? `${formatBytes(bytes)} (${groupDigits(bytes)} bytes)`
          : "Up to 10 TiB"}
      </p>
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
