import { Flag } from "lucide-react";
import { Suspense, useState } from "react";
import { retryingLazy } from "@/lib/retrying-lazy";

// The dialog loads only when a member reaches for it.
const ReportDialog = retryingLazy(
  () => import("./report-dialog"),
  (m) => m.ReportDialog,
);

/**
 * "Report this image", for signed-in members (admins have the moderation queue; visitors are not
 * offered it: reports need an account, and the button would only lead to a sign-up). Once a
 * report is sent, the action says so.
 */
export function ReportAction({ imageId, imageTitle }: { imageId: number; imageTitle: string }) {
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  return (
    <>
      <button
        type="button"
        // Kept focusable once reported (the dialog gives the focus back to it), only inert.
        onClick={() => !reported && setOpen(true)}
        aria-disabled={reported || undefined}
        // 44 px high for a finger; the negative margin keeps its words where they were.
        className="-mt-3 inline-flex h-11 items-center gap-1.5 self-start text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline aria-disabled:cursor-default aria-disabled:no-underline"
      >
        <Flag className="size-4" aria-hidden />
        {reported ? "Reported" : "Report this image"}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog
            imageId={imageId}
            imageTitle={imageTitle}
            open={open}
            onOpenChange={setOpen}
            onReported={() => setReported(true)}
          />
        </Suspense>
      )}
    </>
  );
}
