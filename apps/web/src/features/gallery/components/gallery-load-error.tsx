import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { StateMessage } from "./state-message";

/** The gallery's first page failed to load: why, and Try again. */
export function GalleryLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateMessage
      icon={<AlertTriangle className="size-6" aria-hidden />}
      title="The gallery could not load"
      role="alert"
    >
      <p>{message}</p>
      <Button variant="outline" className="mt-5 rounded-full" onClick={onRetry}>
        Try again
      </Button>
    </StateMessage>
  );
}
