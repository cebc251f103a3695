import { useEffect, useState, useSyncExternalStore } from "react";
import type { TileLayout } from "@/components/artwork/image-tile";
import { useHydrated } from "@/lib/use-hydrated";
import { useStoredValue } from "@/lib/use-stored-value";

const STORAGE_KEY = "sawdust.gallery.layout";

// Whether a layout toggle has rendered in the app (not only in the server's HTML).
let toggleLive = false;
const toggleListeners = new Set<() => void>();
function subscribeToToggle(onChange: () => void): () => void {
  toggleListeners.add(onChange);
  return () => toggleListeners.delete(onChange);
}

function useStoredLayout() {
  const [stored, setLayout] = useStoredValue("local", STORAGE_KEY, "grid");
  const layout: TileLayout = stored === "masonry" ? "masonry" : "grid";
  return [layout, setLayout as (next: TileLayout) => void] as const;
}

/** Grid or masonry, remembered in localStorage: the layout toggle's. */
export function useGalleryLayout() {
  useEffect(() => {
    toggleLive = true;
    for (const listener of toggleListeners) listener();
  }, []);
  return useStoredLayout();
}

/**
 * The layout the gallery's grid shows. The server draws the grid and its toggle as "grid" (it
 * cannot read what this browser stored), and the toggle, in the toolbar, hydrates after the grid,
 * once its code is here (gallery-view.tsx): on a page taken over from the server the grid keeps
 * "grid" until the toggle is the app's, and both change to the stored layout in the same render,
 * so the toggle never says Grid over a masonry.
 */
export function useShownGalleryLayout(): TileLayout {
  const [layout] = useStoredLayout();
  // Mounted while the app takes the server's page over.
  const hydrated = useHydrated();
  const [fromServer] = useState(!hydrated);
  const live = useSyncExternalStore(
    subscribeToToggle,
    () => toggleLive,
    () => false,
  );
  return fromServer && !live ? "grid" : layout;
}
