import { MESSAGES, type UploadFields } from "@sawdust/shared";
import { type FormEvent, useEffect, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { useSite } from "@/lib/api/get-site";
import { useDocumentTitle } from "@/lib/document-title";
import { useLeaveWarning } from "@/lib/leave-warning";
import { EditionTypeField } from "./components/edition-type-field";
import { ImageDropzone } from "./components/image-dropzone";
import { PreviewGrid, type PreviewState } from "./components/preview-grid";
import { PriceField } from "./components/price-field";
import { UploadGuidelines } from "./components/upload-guidelines";
import { UploadProgress } from "./components/upload-progress";
import { isPricedEdition } from "./price-rules";
import { publishingResolver } from "./publishing-fields";
import { imagesToSend } from "./retry-rules";
import { useImageSelection } from "./use-image-selection";
import { useUploadQueue } from "./use-upload-queue";

function uploadButtonText(count: number): string {
  if (count === 0) return "Upload";
  return count === 1 ? "Upload 1 image" : `Upload ${count} images`;
}

/** Upload Artwork (spec section 2): admins choose images and how to publish them, then upload. */
export function UploadPage() {
  const selection = useImageSelection();
  useDocumentTitle("Upload Artwork");
  const { progress, isUploading, uploadAll } = useUploadQueue();
  const { site, isPlaceholderData } = useSite();
  const {
    control,
    register,
    handleSubmit,
    reset,
    resetField,
    getFieldState,
    formState: { errors },
  } = useForm({
    resolver: publishingResolver,
    defaultValues: { editionType: site.defaultEditionType, price: "" },
  });
  // The site's default edition type (an admin's setting), once it has arrived, unless already chosen.
  useEffect(() => {
    if (isPlaceholderData || getFieldState("editionType").isDirty) return;
    resetField("editionType", { defaultValue: site.defaultEditionType });
  }, [isPlaceholderData, site.defaultEditionType, getFieldState, resetField]);
  const editionType = useWatch({ control, name: "editionType" });
  // The files the last run could not upload, with the server's reasons; they stay chosen.
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  // Of those, the ones refused for what they are (damaged, too small…): not sent again, nor
  // counted on the button, since they can only be refused the same way (round 61).
  const [refused, setRefused] = useState<ReadonlySet<string>>(new Set());
  const toSend = imagesToSend(selection.images, refused);
  const refusedShown = selection.images.length - toSend.length;
  useLeaveWarning(isUploading);

  function stateOf(id: string): PreviewState {
    const refusal = refused.has(id) ? failures.get(id) : undefined;
    if (refusal !== undefined) return { status: "failed", reason: refusal };
    if (progress) {
      if (progress.uploadedIds.includes(id)) return { status: "uploaded" };
      const reason = progress.failures.get(id);
      if (reason !== undefined) return { status: "failed", reason };
      return { status: progress.currentId === id ? "uploading" : "waiting" };
    }
    const reason = failures.get(id);
    return reason === undefined ? { status: "idle" } : { status: "failed", reason };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // Without files there is nothing to check the fields for.
    if (toSend.length === 0) {
      event.preventDefault();
      toast({
        title: MESSAGES.upload.noFilesSelected,
        description:
          refusedShown > 0
            ? MESSAGES.upload.onlyRefusedLeft
            : MESSAGES.upload.noFilesSelectedDescription,
        variant: "destructive",
      });
      return;
    }
    void handleSubmit(upload)(event);
  }

  async function upload(fields: UploadFields) {
    const everything = selection.images.length;
    // The files refused for good keep their marks; the others' go while they are sent again.
    const kept = new Map([...failures].filter(([id]) => refused.has(id)));
    setFailures(kept);
    const outcome = await uploadAll(toSend, fields);
    // What arrived leaves the selection; what was refused stays, marked with why.
    selection.remove(outcome.uploadedIds);
    setFailures(new Map([...kept, ...outcome.failures]));
    setRefused(new Set([...refused, ...outcome.refusedForGood]));
    if (outcome.uploadedIds.length === everything) reset();
  }

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="font-display text-3xl font-semibold tracking-tight sm:text-4xl">
        Upload Artwork
      </h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        Add new pieces to the gallery. Each image is titled, described and tagged automatically once
        it has arrived.
      </p>

      <form
        className="mt-8 grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-8"
        onSubmit={submit}
      >
        <div className="grid min-w-0 gap-6">
          <ImageDropzone onFiles={selection.add} disabled={isUploading} />
          <PreviewGrid
            images={selection.images}
            stateOf={stateOf}
            onRemove={(id) => selection.remove([id])}
            onClear={selection.clear}
            locked={isUploading}
          />
        </div>

        <Card className="lg:sticky lg:top-24">
          <CardHeader>
            <CardTitle>Publishing</CardTitle>
            <CardDescription>Applies to every image in this upload.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <fieldset disabled={isUploading} className="grid min-w-0 gap-6">
              <EditionTypeField field={register("editionType")} />
              {isPricedEdition(editionType) && (
                <PriceField field={register("price")} error={errors.price?.message} />
              )}
            </fieldset>
            <UploadGuidelines />
            {progress && <UploadProgress progress={progress} />}
            <Button type="submit" size="lg" className="w-full" disabled={isUploading}>
              {isUploading ? "Uploading..." : uploadButtonText(toSend.length)}
            </Button>
            {refusedShown > 0 && !isUploading && (
              <p className="text-sm text-muted-foreground">
                {MESSAGES.upload.refusedNotSentAgain(refusedShown)}
              </p>
            )}
          </CardContent>
        </Card>
      </form>
    </section>
  );
}
