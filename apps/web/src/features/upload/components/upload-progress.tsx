import { Progress } from "@/components/ui/progress";
import { uploadCountText } from "../upload-summary";
import type { UploadProgress as Progression } from "../use-upload-queue";

/** The running upload: the share of the files dealt with, and how many arrived (or failed). */
export function UploadProgress({ progress }: { progress: Progression }) {
  const { percent, uploaded, failed, total, currentName, phase } = progress;
  const countText = uploadCountText(uploaded, failed, total);
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-muted-foreground">
          {phase === "processing" ? "Processing" : "Uploading"} {currentName}
        </span>
        <span className="font-medium tabular-nums">{percent}%</span>
      </div>
      <Progress
        value={percent}
        aria-label="Upload progress"
        valueText={`${percent}%, ${countText}`}
      />
      <p className="text-xs text-muted-foreground tabular-nums" aria-live="polite">
        {countText}
      </p>
    </div>
  );
}
