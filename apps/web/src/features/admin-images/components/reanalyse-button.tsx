import { MESSAGES } from "@sawdust/shared";
import { useQuery } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { useBatchImages } from "../api/batch-images";
import { adminImageQueryOptions } from "../api/get-admin-image";

const r = MESSAGES.adminImages.reanalyse;
/** How often the image is read again while its analysis runs. */
const WATCH_EVERY_MS = 1500;

type Said = { text: string; problem: boolean } | null;

/**
 * The edit page's 'Re-run analysis': the batch operation's own `reanalyse` on this one image (it
 * does not ask first, as the batch's does not). It says the analysis is queued, reads the image
 * again until the analysis has finished, then says how it went and calls `onFinished`.
 */
export function ReanalyseButton({
  imageId,
  onFinished,
}: {
  imageId: number;
  /** The analysis has finished, done or failed: the page shows what it wrote. */
  onFinished: () => void;
}) {
  const batch = useBatchImages();
  // When the analysis was queued: only a read made after it tells whether it has run.
  const [queuedAt, setQueuedAt] = useState<number | null>(null);
  const [said, setSaid] = useState<Said>(null);
  const image = useQuery({
    ...adminImageQueryOptions(imageId),
    refetchInterval: queuedAt === null ? false : WATCH_EVERY_MS,
  });
  const status = image.data?.image.analysisStatus;

  useEffect(() => {
    if (queuedAt === null || image.dataUpdatedAt <= queuedAt || !status) return;
    if (status === "pending") return;
    setQueuedAt(null);
    setSaid(
      status === "done" ? { text: r.done, problem: false } : { text: r.failed, problem: true },
    );
    onFinished();
  }, [queuedAt, image.dataUpdatedAt, status, onFinished]);

  function run() {
    setSaid(null);
    batch.mutate(
      { selection: { ids: [imageId] }, operation: { type: "reanalyse" } },
      {
        onSuccess: (result) => {
          const refused = result.results.find((one) => !one.ok);
          if (refused || result.succeeded === 0) {
            setSaid({ text: refused?.error ?? r.notQueued, problem: true });
            return;
          }
          setQueuedAt(Date.now());
          setSaid({ text: r.queued, problem: false });
        },
        onError: (error) => setSaid({ text: `${r.notQueued}: ${error.message}`, problem: true }),
      },
    );
  }

  const watching = queuedAt !== null;
  return (
    <div className="flex flex-col items-start gap-2">
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={batch.isPending || watching}
        onClick={run}
      >
        <RefreshCw
          aria-hidden
          className={cn(watching && "animate-spin motion-reduce:animate-none")}
        />
        {batch.isPending ? r.queueing : watching ? r.waiting : r.run}
      </Button>
      {/* Always there, so a screen reader hears each change of what it says. */}
      <p
        role="status"
        className={cn("text-sm", said?.problem ? "text-destructive" : "text-muted-foreground")}
      >
        {said?.text}
      </p>
    </div>
  );
}
