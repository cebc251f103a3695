import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ApiKeyCreated,
  groupDigits,
  MESSAGES,
  PARTNER_API,
  ZApiKeyCreateBody,
} from "@sawdust/shared";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/hooks/use-toast";
import { useCreateApiKey } from "../api/create-api-key";
import { failureReason } from "../key-text";

/** The form checks what the server checks: the shared schema (a name, a whole hourly limit). */
const resolver = zodResolver(ZApiKeyCreateBody);

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

interface CreateKeyFormProps {
  /** A creation starts: the key on display (if any) must go. */
  onCreating: () => void;
  /** The new key, with the key itself, to show once. */
  onCreated: (created: ApiKeyCreated) => void;
}

/**
 * The create form (spec sections 2 and 5): a name, required and not blank ('API key name is
 * required'; the button is disabled while it is blank), and the key's hourly limit.
 */
export function CreateKeyForm({ onCreating, onCreated }: CreateKeyFormProps) {
  const id = useId();
  const creation = useCreateApiKey();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm({
    resolver,
    mode: "onChange",
    defaultValues: { name: "", rateLimitPerHour: undefined },
  });
  const blank = (watch("name") ?? "").trim() === "";
  const m = MESSAGES.apiKeys;

  const create = handleSubmit((body) => {
    onCreating();
    creation.mutate(body, {
      onSuccess: (created) => {
        reset();
        onCreated(created);
        toast({
          title: m.created,
          description: `“${created.name}” is ready: copy it now, it is shown only once.`,
        });
      },
      onError: (error) => {
        toast({
          title: m.createErrorTitle,
          description: m.createFailed(failureReason(error)),
          variant: "destructive",
        });
      },
    });
  });

  return (
    <form
      noValidate
      aria-label="Create an API key"
      onSubmit={create}
      className="grid gap-5 rounded-xl border bg-card p-5 shadow-sm sm:p-6"
    >
      <div>
        <h2 className="flex items-center gap-2 font-display text-xl font-semibold">
          <KeyRound className="size-5 text-brand-strong" aria-hidden />
          New key
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          One key per partner, named so you know whose it is when you revoke it.
        </p>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Name</Label>
        <Input
          id={`${id}-name`}
          {...register("name")}
          placeholder="e.g. Riverside Print Co."
          autoComplete="off"
          // The browser counts UTF-16 units, the limit characters: an emoji is two here, one there.
          maxLength={PARTNER_API.nameMax * 2}
          disabled={creation.isPending}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? `${id}-name-error` : undefined}
          className="aria-[invalid]:border-destructive"
        />
        <FieldError id={`${id}-name-error`} message={errors.name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-limit`}>
          Requests per hour <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id={`${id}-limit`}
          type="number"
          inputMode="numeric"
          min={1}
          max={PARTNER_API.maxRequestsPerHour}
          step={1}
          {...register("rateLimitPerHour", {
            setValueAs: (value: unknown) =>
              value === "" || value === undefined || value === null ? undefined : Number(value),
          })}
          placeholder={`${groupDigits(PARTNER_API.defaultRequestsPerHour)} (default)`}
          disabled={creation.isPending}
          aria-invalid={errors.rateLimitPerHour ? true : undefined}
          aria-describedby={`${id}-limit-hint${errors.rateLimitPerHour ? ` ${id}-limit-error` : ""}`}
          className="aria-[invalid]:border-destructive"
        />
        <p id={`${id}-limit-hint`} className="text-xs text-muted-foreground">
          {groupDigits(PARTNER_API.defaultRequestsPerHour)} when left empty; each clock hour (UTC)
          starts a new count.
        </p>
        <FieldError id={`${id}-limit-error`} message={errors.rateLimitPerHour?.message} />
      </div>
      <Button
        type="submit"
        variant="brand"
        className="sm:justify-self-start"
        disabled={blank || creation.isPending}
      >
        {creation.isPending ? "Creating..." : "Create API Key"}
      </Button>
    </form>
  );
}
