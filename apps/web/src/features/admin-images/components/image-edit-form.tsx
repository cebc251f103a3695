import { zodResolver } from "@hookform/resolvers/zod";
import {
  changedImagePatch,
  EDITION_FILTER_VALUES,
  EDITION_TYPE_LABELS,
  editionTakesPrice,
  formatCents,
  type Image,
  type ImageEditFormValues,
  type ImagePatchBody,
  imageEditFormSchema,
  MESSAGES,
  UPLOAD,
} from "@sawdust/shared";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { useLeaveWarning } from "@/lib/leave-warning";
import type { VersionedImage } from "../api/get-admin-image";
import { useUpdateImage } from "../api/update-image";

const m = MESSAGES.adminImages;
const SELECT = "h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-sm";

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
  error?: FieldError;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error?.message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

/** The form's fields as the stored image fills them. */
function formValuesOf(image: Image): ImageEditFormValues {
  return {
    title: image.aiAnalysis.title ?? "",
    tags: image.tags.join(", "),
    style: image.style ?? "",
    description: image.aiAnalysis.description ?? "",
    editionType: image.editionType as ImageEditFormValues["editionType"],
    price: image.price ? formatCents(image.price) : "",
    maxEditions: image.maxEditions === null ? "" : String(image.maxEditions),
  };
}

/** The ids a field's description names: its hint, and its error while it has one. */
function describedBy(id: string, hint: boolean, error: FieldError | undefined) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

/**
 * The edit page's form (spec sections 2 and 5 "Image edit"): Title, Tags (comma-separated), Style,
 * Description, Edition Type; Price (USD) only while the stored edition type is one_of_one or
 * open_edition; the edition size for a limited edition. Checked with the shared schema (the server
 * checks the same body again); a save returns to /admin/images.
 */
export function ImageEditForm({
  image,
  version: openedVersion,
  reload,
  reloadWhenChanged = 0,
}: {
  image: Image;
  /** The version the form was made from: its save is refused (412) once the image changed. */
  version?: string;
  /** Reads the image again, with its version. */
  reload: () => Promise<VersionedImage | undefined>;
  /**
   * A count this page raises when it changed the image itself (an analysis re-run from it): each
   * change reloads the form as its 'Reload' does, keeping what the admin typed.
   */
  reloadWhenChanged?: number;
}) {
  const id = useId();
  const navigate = useNavigate();
  const update = useUpdateImage(image.id);
  // The version the form's values were made from, not the query's latest: a refresh on the
  // window's focus must not let a stale form overwrite another admin's save.
  const [version, setVersion] = useState(openedVersion);
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const [reloading, setReloading] = useState(false);
  const schema = useMemo(
    () => imageEditFormSchema({ editionType: image.editionType, soldEditions: image.soldEditions }),
    [image.editionType, image.soldEditions],
  );
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, dirtyFields, isDirty },
    reset,
  } = useForm<ImageEditFormValues, unknown, ImagePatchBody>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(image),
  });
  // Changes typed and not saved are not lost to a reload or a closed tab without a word.
  useLeaveWarning(isDirty);
  const editionType = watch("editionType");
  // Spec section 2: the price follows the STORED edition type, not the one being chosen.
  const priceShown = editionTakesPrice(image.editionType);

  function save(whole: ImagePatchBody) {
    // Only what this admin changed: a form opened before another admin's save must not put back
    // what they changed since (a price on a piece made a gallery edition, a tag removed).
    const body = changedImagePatch(whole, dirtyFields);
    if (Object.keys(body).length === 0) {
      // Nothing changed: nothing to send, and nothing to undo.
      toast({ title: MESSAGES.imageDetail.detailsUpdated });
      navigate(paths.admin.images.getHref());
      return;
    }
    update.mutate(
      { body, version },
      {
        onSuccess: () => {
          toast({ title: MESSAGES.imageDetail.detailsUpdated });
          navigate(paths.admin.images.getHref());
        },
        onError: (error) => {
          if (isApiRequestError(error) && error.status === 412) {
            // Said beside the Save button, where the admin looks, until they reload.
            setChangedElsewhere(true);
            return;
          }
          toast({
            title: MESSAGES.images.errorTitle,
            description: (isApiRequestError(error) && error.body) || MESSAGES.images.updateFailed,
            variant: "destructive",
          });
        },
      },
    );
  }

  /**
   * The image as it is now, and its version, under what the admin typed: the fields they changed
   * keep their text, the others show what is stored now.
   */
  async function reloadImage() {
    setReloading(true);
    try {
      const latest = await reload();
      if (!latest) return;
      reset(formValuesOf(latest.image), { keepDirtyValues: true });
      setVersion(latest.version);
      setChangedElsewhere(false);
    } finally {
      setReloading(false);
    }
  }

  // The latest reloadImage without making the effect below run on every render.
  const reloadLatest = useRef(reloadImage);
  reloadLatest.current = reloadImage;
  useEffect(() => {
    if (reloadWhenChanged > 0) void reloadLatest.current();
  }, [reloadWhenChanged]);

  const field = (name: keyof ImageEditFormValues) => `${id}-${name}`;

  return (
    <form onSubmit={handleSubmit(save)} className="grid gap-5" noValidate aria-label={m.editTitle}>
      <Field id={field("title")} label="Title" error={errors.title}>
        <Input
          id={field("title")}
          aria-describedby={describedBy(field("title"), false, errors.title)}
          aria-invalid={errors.title ? true : undefined}
          {...register("title")}
        />
      </Field>
      <Field id={field("tags")} label="Tags" hint={m.tagsHint} error={errors.tags}>
        <Input
          id={field("tags")}
          placeholder="e.g. landscape, dusk, ocean"
          aria-describedby={describedBy(field("tags"), true, errors.tags)}
          aria-invalid={errors.tags ? true : undefined}
          {...register("tags")}
        />
      </Field>
      <Field id={field("style")} label="Style" error={errors.style}>
        <Input
          id={field("style")}
          placeholder="e.g. digital art, surrealism"
          aria-describedby={describedBy(field("style"), false, errors.style)}
          aria-invalid={errors.style ? true : undefined}
          {...register("style")}
        />
      </Field>
      <Field id={field("description")} label="Description" error={errors.description}>
        <Textarea
          id={field("description")}
          rows={5}
          aria-describedby={describedBy(field("description"), false, errors.description)}
          aria-invalid={errors.description ? true : undefined}
          {...register("description")}
        />
      </Field>
      <Field id={field("editionType")} label="Edition Type" error={errors.editionType}>
        <select id={field("editionType")} className={SELECT} {...register("editionType")}>
          {EDITION_FILTER_VALUES.map((type) => (
            <option key={type} value={type}>
              {EDITION_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </Field>
      {priceShown && (
        <Field
          id={field("price")}
          label={m.priceLabel}
          hint={
            editionType === "limited_edition" || editionType === "sawdust_gallery"
              ? m.priceNotKept[editionType]
              : m.priceHint
          }
          error={errors.price}
        >
          <Input
            id={field("price")}
            // Shown for the stored type (spec section 2), kept only for a type that has a price.
            disabled={!editionTakesPrice(editionType)}
            type="number"
            min={0}
            step={UPLOAD.priceStep}
            inputMode="decimal"
            aria-describedby={describedBy(field("price"), true, errors.price)}
            aria-invalid={errors.price ? true : undefined}
            {...register("price")}
          />
        </Field>
      )}
      {editionType === "limited_edition" && (
        <Field
          id={field("maxEditions")}
          label={m.editionSize}
          hint={m.editionSizeHint(image.soldEditions)}
          error={errors.maxEditions}
        >
          <Input
            id={field("maxEditions")}
            type="number"
            min={Math.max(1, image.soldEditions)}
            step={1}
            inputMode="numeric"
            aria-describedby={describedBy(field("maxEditions"), true, errors.maxEditions)}
            aria-invalid={errors.maxEditions ? true : undefined}
            {...register("maxEditions")}
          />
        </Field>
      )}
      {changedElsewhere && (
        <div
          role="alert"
          data-testid="changed-elsewhere"
          className="grid gap-3 rounded-lg border border-destructive/50 bg-destructive/5 p-4 text-sm"
        >
          <p>{m.changedElsewhere}</p>
          <div>
            <Button
              type="button"
              variant="outline"
              disabled={reloading}
              onClick={() => void reloadImage()}
            >
              {m.reloadImage}
            </Button>
          </div>
        </div>
      )}
      <div className="flex flex-wrap gap-2 pt-2">
        <Button type="submit" variant="brand" disabled={update.isPending || reloading}>
          {update.isPending ? m.saving : m.saveChanges}
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.admin.images.getHref()}>Cancel</Link>
        </Button>
      </div>
    </form>
  );
}
