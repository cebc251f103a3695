import { useParams } from "react-router";
import { TilePriorityContext } from "@/components/artwork/tile-priority";
import { GalleryView } from "@/features/gallery/gallery-view";
import { ImageDetailRoute } from "./image-detail-route";

/**
 * / , /gallery and /image/:imageId: the gallery, with the image's detail dialog over it when the
 * path names one and no other page is under it (the share link, opened from outside the app).
 */
export function GalleryRoute() {
  // Under an image's detail the artwork is the first picture to fetch, not the tiles it covers.
  const behindDetail = useParams().imageId !== undefined;
  return (
    <>
      <TilePriorityContext value={!behindDetail}>
        <GalleryView />
      </TilePriorityContext>
      <ImageDetailRoute />
    </>
  );
}
