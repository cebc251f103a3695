import { isAdmin, MESSAGES, principalOf } from "@sawdust/shared";
import { ImageOff, RotateCw, Trash2 } from "lucide-react";
import { Suspense, useState } from "react";
import { Button } from "@/components/ui/button";
import { useUser } from "@/lib/api/get-current-user";
import { retryingLazy } from "@/lib/retrying-lazy";

// Only an admin whose thumbnail failed ever opens it: its code waits until then.
const DeleteImageDialog = retryingLazy(
  () => import("./delete-image-dialog"),
  (m) => m.DeleteImageDialog,
);

interface ThumbnailFailureProps {
  imageId: number;
  title: string;
  onRetry: () => void;
  onDeleted?: (imageId: number) => void;
}

/** 'Failed to load image' with Retry, and Delete for an admin (spec section 2). */
export function ThumbnailFailure({ imageId, title, onRetry, onDeleted }: ThumbnailFailureProps) {
  const { data: user } = useUser();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-muted p-4 text-center">
      <ImageOff className="size-7 text-muted-foreground" aria-hidden />
      <div className="grid max-w-full gap-0.5">
        <p className="text-sm font-medium text-foreground">{MESSAGES.images.loadFailed}</p>
        <p className="truncate text-xs text-muted-foreground">{title}</p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        <Button size="sm" variant="outline" onClick={onRetry}>
          <RotateCw aria-hidden />
          Retry
        </Button>
        {isAdmin(principalOf(user)) && (
          <Button size="sm" variant="destructive" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            Delete
          </Button>
        )}
      </div>
      {confirming && (
        <Suspense fallback={null}>
          <DeleteImageDialog
            imageId={imageId}
            title={title}
            open={confirming}
            onOpenChange={setConfirming}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </div>
  );
}
