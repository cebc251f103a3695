import { useParams } from "react-router";
import { TileLoadingContext } from "@/components/artwork/tile-loading";
import { GalleryView } from "@/features/gallery/gallery-view";
import { ImageDetailRoute } from "./image-detail-route";

/**
 * / , /gallery and /image/:imageId: the gallery, with the image's detail dialog over it when the
 * path names one and no other page is under it (the share link, opened from outside the app).
 */
export function GalleryRoute() {
  // Under a share link's detail the artwork is the one picture to fetch, not the tiles it covers.
  const behindDetail = useParams().imageId !== undefined;
  return (
    <>
      <TileLoadingContext value={behindDetail ? "held" : "first-row-first"}>
        <GalleryView />
      </TileLoadingContext>
      <ImageDetailRoute />
    </>
  );
}
