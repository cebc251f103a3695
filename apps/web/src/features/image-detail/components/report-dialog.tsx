import { zodResolver } from "@hookform/resolvers/zod";
import {
  characterCount,
  type ImageReportBody,
  MESSAGES,
  MODERATION_RULES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  ZImageReportBody,
} from "@sawdust/shared";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { useReportImage } from "../api/report-image";

const m = MESSAGES.moderation;
/** The form checks what the server checks: the shared schema (a reason, a short note). */
const resolver = zodResolver(ZImageReportBody);

export interface ReportDialogProps {
  imageId: number;
  imageTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The report is stored (or was already): the action says so from now on. */
  onReported: () => void;
}

/**
 * A member reports an image to the admins: a reason from a short list and a note if they like
 * (at most 500 characters). Once per member and image; a second try says it was sent already.
 */
export function ReportDialog({
  imageId,
  imageTitle,
  open,
  onOpenChange,
  onReported,
}: ReportDialogProps) {
  const id = useId();
  const report = useReportImage(imageId);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ImageReportBody>({ resolver, defaultValues: { note: "" } });
  const note = useWatch({ control, name: "note" }) ?? "";

  const send = handleSubmit((body) => {
    report.mutate(body, {
      onSuccess: () => {
        toast({ title: m.reported, description: m.reportedText });
        onReported();
        onOpenChange(false);
      },
      onError: (error) => {
        if (isApiRequestError(error) && error.status === 409) {
          toast({ title: m.alreadyReported });
          onReported();
          onOpenChange(false);
          return;
        }
        toast({
          title: m.reportFailed,
          description: isApiRequestError(error) && error.body ? error.body : error.message,
          variant: "destructive",
        });
      },
    });
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !report.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-lg gap-5">
        <DialogHeader>
          <DialogTitle>{m.reportTitle}</DialogTitle>
          <DialogDescription>
            “{imageTitle}”. {m.reportIntro}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={send} className="grid gap-5" aria-label={m.reportTitle}>
          <fieldset
            className="grid gap-2"
            aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          >
            <legend className="mb-2 text-sm font-medium">Reason</legend>
            {REPORT_REASONS.map((reason) => (
              <label
                key={reason}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm",
                  "has-[:checked]:border-brand has-[:checked]:bg-brand/5",
                )}
              >
                <input
                  type="radio"
                  value={reason}
                  {...register("reason")}
                  disabled={report.isPending}
                  className="size-4 accent-brand"
                />
                {REPORT_REASON_LABELS[reason]}
              </label>
            ))}
            {errors.reason && (
              <p id={`${id}-reason-error`} className="text-sm font-medium text-destructive">
                {errors.reason.message}
              </p>
            )}
          </fieldset>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-note`}>
              Note <span className="font-normal text-muted-foreground">(optional)</span>
            </Label>
            <Textarea
              id={`${id}-note`}
              rows={3}
              {...register("note")}
              disabled={report.isPending}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={`${id}-note-counter${errors.note ? ` ${id}-note-error` : ""}`}
              className="aria-[invalid]:border-destructive"
            />
            <p
              id={`${id}-note-counter`}
              className={cn(
                "text-right text-xs tabular-nums text-muted-foreground",
                characterCount(note) > MODERATION_RULES.noteMax && "font-semibold text-destructive",
              )}
            >
              {characterCount(note)} / {MODERATION_RULES.noteMax}
              <span className="sr-only"> characters</span>
            </p>
            {errors.note && (
              <p id={`${id}-note-error`} className="text-sm font-medium text-destructive">
                {errors.note.message}
              </p>
            )}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              type="button"
              variant="outline"
              disabled={report.isPending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" variant="brand" disabled={report.isPending}>
              {report.isPending ? "Sending..." : "Send report"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
