import { MESSAGES } from "@sawdust/shared";
import { LoaderCircle, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { failureText } from "@/lib/failure-text";
import { useRetryFailedJobs } from "../api/retry-failed-jobs";

const m = MESSAGES.adminStats.status.queue;

/** The job queue's action when jobs failed for good: queue them all again, once the cause is fixed. */
export function RetryFailedJobs() {
  const retry = useRetryFailedJobs();
  return (
    <Button
      variant="outline"
      size="sm"
      className="mt-1 justify-self-start"
      disabled={retry.isPending}
      onClick={() =>
        retry.mutate(undefined, {
          onSuccess: ({ retried }) => toast({ title: m.retried(retried) }),
          onError: (error) =>
            toast({
              title: m.retryFailed,
              description: failureText(error),
              variant: "destructive",
            }),
        })
      }
    >
      {retry.isPending ? (
        <LoaderCircle aria-hidden className="animate-spin motion-reduce:animate-none" />
      ) : (
        <RotateCcw aria-hidden />
      )}
      {m.retry}
    </Button>
  );
}
