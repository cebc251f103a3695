import { rowIdOf } from "@sawdust/shared";
import { useParams } from "react-router";
import { TileLoadingContext } from "@/components/artwork/tile-loading";
import { GalleryView } from "@/features/gallery/gallery-view";
import { ImageDetailRoute } from "./image-detail-route";
import { NotFoundPage } from "./not-found";

/**
 * / , /gallery and /image/:imageId: the gallery, with the image's detail dialog over it when the
 * path names one and no other page is under it (the share link, opened from outside the app).
 */
export function GalleryRoute() {
  const { imageId } = useParams();
  // An image's path whose id names no image (`/image/abc`) is not a page (the server says 404).
  if (imageId !== undefined && rowIdOf(imageId) === null) return <NotFoundPage />;
  // Under a share link's detail the artwork is the one picture to fetch, not the tiles it covers.
  const behindDetail = imageId !== undefined;
  return (
    <>
      <TileLoadingContext value={behindDetail ? "held" : "first-row-first"}>
        <GalleryView />
      </TileLoadingContext>
      <ImageDetailRoute />
    </>
  );
}
