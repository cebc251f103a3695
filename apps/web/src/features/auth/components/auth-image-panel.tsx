import { MESSAGES } from "@sawdust/shared";
import { useState } from "react";
import stockArtworkUrl from "@/assets/stock-artwork.svg";
import { useImageList } from "@/lib/api/get-images";
import { cn } from "@/lib/utils";

/**
 * The welcome panel beside the forms: the newest artwork of the gallery, or the bundled stock
 * artwork when there is none, the call fails or the image does not load.
 */
export function AuthImagePanel({ className }: { className?: string }) {
  // The spec's panel: the first image of the list (limit 1), at its large rendition.
  const showcase = useImageList({ limit: 1 });
  const [showcaseBroken, setShowcaseBroken] = useState(false);

  const showcaseUrl = showcase.data?.pages[0]?.images[0]?.urlLarge;
  const imageUrl = showcase.isPending
    ? null
    : showcaseBroken
      ? stockArtworkUrl
      : (showcaseUrl ?? stockArtworkUrl);

  return (
    <aside className={cn("relative overflow-hidden bg-stone-900", className)}>
      {imageUrl && (
        <img
          src={imageUrl}
          alt=""
          className="absolute inset-0 size-full object-cover"
          onError={() => setShowcaseBroken(true)}
        />
      )}
      <div className="absolute inset-0 bg-gradient-to-t from-stone-950/85 via-stone-950/25 to-transparent" />
      <div className="absolute inset-x-0 bottom-0 p-10 text-white xl:p-14">
        <p className="font-display text-4xl font-semibold leading-tight tracking-tight xl:text-5xl">
          {MESSAGES.auth.welcome}
        </p>
        <p className="mt-3 text-lg text-white/85">{MESSAGES.auth.welcomeTagline}</p>
      </div>
    </aside>
  );
}
