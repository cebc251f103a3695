import { useCallback, useState } from "react";
import type { TileLayout } from "@/components/artwork/image-tile";

const STORAGE_KEY = "sawdust.gallery.layout";

function storedLayout(): TileLayout {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "masonry" ? "masonry" : "grid";
  } catch {
    // Storage can be switched off; the default layout is fine then.
    return "grid";
  }
}

/** Grid or masonry, remembered in localStorage; read before the first paint so nothing jumps. */
export function useGalleryLayout() {
  const [layout, setLayoutState] = useState<TileLayout>(storedLayout);
  const setLayout = useCallback((next: TileLayout) => {
    setLayoutState(next);
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // Not remembered, still applied.
    }
  }, []);
  return [layout, setLayout] as const;
}
