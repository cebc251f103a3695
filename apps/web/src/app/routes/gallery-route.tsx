import { lazy, Suspense } from "react";
import { useParams } from "react-router";
import { GalleryView } from "@/features/gallery/gallery-view";

// The detail dialog's code loads when an image is first opened.
const ImageDetailDialog = lazy(() =>
  import("@/features/image-detail/image-detail-dialog").then((module) => ({
    default: module.ImageDetailDialog,
  })),
);

/** The detail dialog of the image the path names (/image/:imageId), if the id is one. */
export function ImageDetailRoute() {
  const { imageId } = useParams();
  const id = Number(imageId);
  if (imageId === undefined || !Number.isSafeInteger(id) || id <= 0) return null;
  return (
    <Suspense fallback={null}>
      <ImageDetailDialog imageId={id} />
    </Suspense>
  );
}

/**
 * / , /gallery and /image/:imageId: the gallery, with the image's detail dialog over it when the
 * path names one and no other page is under it (the share link, opened from outside the app).
 */
export function GalleryRoute() {
  return (
    <>
      <GalleryView />
      <ImageDetailRoute />
    </>
  );
}
