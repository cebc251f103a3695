import { zodResolver } from "@hookform/resolvers/zod";
import {
  characterCount,
  HERO_RULES,
  type HeroContent,
  type HeroContentBody,
  MESSAGES,
  ZHeroContentBody,
} from "@sawdust/shared";
import { type ReactNode, useId, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { useLeaveWarning } from "@/lib/leave-warning";
import { cn } from "@/lib/utils";
import { useUpdateHeroContent } from "../api/update-hero-content";
import { htmlRemoved } from "../html-removed";
import { HeroResult } from "./hero-result";

/** The form checks what the server checks: the shared schema (a title, the length bounds). */
const resolver = zodResolver(ZHeroContentBody);

type Tab = "edit" | "preview" | "html";

interface HtmlFieldProps {
  id: string;
  label: string;
  hint: string;
  length: number;
  max: number;
  error?: string;
  rows: number;
  children: (control: {
    id: string;
    rows: number;
    "aria-describedby": string;
    "aria-invalid"?: true;
  }) => ReactNode;
}

function HtmlField({ id, label, hint, length, max, error, rows, children }: HtmlFieldProps) {
  const over = length > max;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        rows,
        "aria-describedby": `${error ? `${id}-error ` : ""}${id}-hint ${id}-counter`,
        "aria-invalid": error ? true : undefined,
      })}
      <div className="flex items-start justify-between gap-4 text-xs text-muted-foreground">
        <p id={`${id}-hint`}>{hint}</p>
        <p
          id={`${id}-counter`}
          className={cn("shrink-0 tabular-nums", over && "font-semibold text-destructive")}
        >
          {length} / {max}
          <span className="sr-only"> characters</span>
        </p>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The hero's form (spec section 2 "Hero configuration"): tabs Edit, Preview and HTML; Hero Title
 * and Hero Subtitle (HTML allowed); the visibility switch; 'Save Changes'. After a save the
 * fields hold what the server stored, so what was removed is plain to see.
 */
export function HeroForm({ hero }: { hero: HeroContent }) {
  const id = useId();
  const [tab, setTab] = useState<Tab>("edit");
  const update = useUpdateHeroContent();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty, dirtyFields, defaultValues },
  } = useForm<HeroContentBody>({ resolver, defaultValues: hero });
  // Changes typed and not saved are not lost to a reload or a closed tab without a word.
  useLeaveWarning(isDirty);
  const fields = useWatch({ control }) as HeroContentBody;
  const current: HeroContentBody = {
    title: fields.title ?? "",
    subtitle: fields.subtitle ?? "",
    isVisible: fields.isVisible ?? hero.isVisible,
  };
  const m = MESSAGES.hero;

  const save = handleSubmit(
    (values) => {
      update.mutate(
        // What the form started from: a field changed here and by another admin is refused.
        { values, changed: dirtyFields, loaded: defaultValues },
        {
          onSuccess: (saved) => {
            reset(saved);
            // The server's sanitiser kept less than was typed: say so, not a plain success.
            const trimmed =
              htmlRemoved(values.title, saved.title) ||
              htmlRemoved(values.subtitle, saved.subtitle);
            toast({ title: m.updated, ...(trimmed ? { description: m.sanitised } : {}) });
          },
          onError: (error) => {
            toast({
              title: MESSAGES.images.errorTitle,
              description: isApiRequestError(error) && error.body ? error.body : m.updateFailed,
              variant: "destructive",
            });
          },
        },
      );
    },
    // A field's message is on the Edit tab: go there to show it.
    () => setTab("edit"),
  );

  return (
    <form noValidate onSubmit={save} aria-label="Hero content" className="grid min-w-0 gap-6">
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="edit" className="flex-1 sm:flex-none sm:px-5">
            Edit
          </TabsTrigger>
          <TabsTrigger value="preview" className="flex-1 sm:flex-none sm:px-5">
            Preview
          </TabsTrigger>
          <TabsTrigger value="html" className="flex-1 sm:flex-none sm:px-5">
            HTML
          </TabsTrigger>
        </TabsList>
        <TabsContent value="edit" className="grid gap-5">
          <HtmlField
            id={`${id}-title`}
            label="Hero Title"
            hint="HTML allowed, e.g. <em>AI-generated</em>."
            length={characterCount(current.title)}
            max={HERO_RULES.titleMax}
            error={errors.title?.message}
            rows={2}
          >
            {(props) => (
              <Textarea
                {...props}
                {...register("title")}
                spellCheck
                disabled={update.isPending}
                className="font-mono aria-[invalid]:border-destructive"
              />
            )}
          </HtmlField>
          <HtmlField
            id={`${id}-subtitle`}
            label="Hero Subtitle"
            hint="HTML allowed; may be left empty."
            length={characterCount(current.subtitle)}
            max={HERO_RULES.subtitleMax}
            error={errors.subtitle?.message}
            rows={4}
          >
            {(props) => (
              <Textarea
                {...props}
                {...register("subtitle")}
                spellCheck
                disabled={update.isPending}
                className="font-mono aria-[invalid]:border-destructive"
              />
            )}
          </HtmlField>
        </TabsContent>
        <TabsContent value="preview">
          <HeroResult fields={current} view="preview" active={tab === "preview"} />
        </TabsContent>
        <TabsContent value="html">
          <HeroResult fields={current} view="html" active={tab === "html"} />
        </TabsContent>
      </Tabs>

      <div className="flex flex-wrap items-center justify-between gap-4 border-t pt-6">
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="isVisible"
            render={({ field }) => (
              <Switch
                id={`${id}-visible`}
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={update.isPending}
                aria-describedby={`${id}-visible-hint`}
              />
            )}
          />
          <div className="grid">
            <Label htmlFor={`${id}-visible`}>Show the hero on the gallery</Label>
            <span id={`${id}-visible-hint`} className="text-xs text-muted-foreground">
              {current.isVisible ? "Visible to everyone" : "Hidden from everyone"}
            </span>
          </div>
        </div>
        <Button type="submit" variant="brand" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Changes"}
        </Button>
      </div>
      {isDirty && !update.isPending && (
        <p className="-mt-3 text-right text-xs text-muted-foreground" role="status">
          Unsaved changes
        </p>
      )}
    </form>
  );
}
