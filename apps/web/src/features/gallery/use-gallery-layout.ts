import type { TileLayout } from "@/components/artwork/image-tile";
import { useStoredValue } from "@/lib/use-stored-value";

const STORAGE_KEY = "sawdust.gallery.layout";

/** Grid or masonry, remembered in localStorage. */
export function useGalleryLayout() {
  const [stored, setLayout] = useStoredValue("local", STORAGE_KEY, "grid");
  const layout: TileLayout = stored === "masonry" ? "masonry" : "grid";
  return [layout, setLayout as (next: TileLayout) => void] as const;
}
