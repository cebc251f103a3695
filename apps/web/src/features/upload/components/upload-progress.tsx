import { Progress } from "@/components/ui/progress";
import type { UploadProgress as Progression } from "../use-upload-queue";

/** The running upload: overall byte percentage and how many images the server has taken. */
export function UploadProgress({ progress }: { progress: Progression }) {
  const { percent, uploaded, total, currentName } = progress;
  const countText = `${uploaded} of ${total} uploaded`;
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 truncate text-muted-foreground">Uploading {currentName}</span>
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
