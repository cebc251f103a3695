import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { GalleryView } from "@/features/gallery/gallery-view";

// The detail dialog's code loads when an image is first opened.
const ImageDetailDialog = lazy(() =>
  import("@/features/image-detail/image-detail-dialog").then((module) => ({
    default: module.ImageDetailDialog,
  })),
);

/**
 * / , /gallery and /image/:imageId: the gallery, with the image's detail dialog over it when the
 * path names one (the share link).
 */
export function GalleryRoute() {
  const { imageId } = useParams();
  const id = Number(imageId);
  return (
    <>
      <GalleryView />
      {imageId !== undefined && Number.isSafeInteger(id) && id > 0 && (
        <Suspense fallback={null}>
          <ImageDetailDialog imageId={id} />
        </Suspense>
      )}
    </>
  );
}
