import { rowIdOf } from "@sawdust/shared";
import { Suspense } from "react";
import { useParams } from "react-router";
import { ErrorBoundary } from "@/components/layout/error-boundary";
import { retryingLazy } from "@/lib/retrying-lazy";

// The detail dialog's code loads when an image is first opened. A shared image's page comes with
// the dialog rendered: its code loads as the page hydrates, not in the page's first JavaScript,
// and React hydrates the dialog (this Suspense boundary) once it has arrived, the server's HTML
// staying in place until then.
const ImageDetailDialog = retryingLazy(
  () => import("@/features/image-detail/image-detail-dialog"),
  (m) => m.ImageDetailDialog,
);

/** The detail dialog of the image the path names (/image/:imageId), if the id is one. */
export function ImageDetailRoute() {
  const id = rowIdOf(useParams().imageId);
  if (id === null) return null;
  return (
    <ErrorBoundary resetKey={String(id)} overlay>
      <Suspense fallback={null}>
        <ImageDetailDialog imageId={id} />
      </Suspense>
    </ErrorBoundary>
  );
}
