import { MESSAGES } from "@sawdust/shared";
import { useState } from "react";
import stockArtworkUrl from "@/assets/stock-artwork.svg";
import { cn } from "@/lib/utils";
import { useShowcaseImage } from "../api/get-showcase-image";

/**
 * The welcome panel beside the forms: the newest artwork of the gallery, or the bundled stock
 * artwork when there is none, the call fails or the image does not load.
 */
export function AuthImagePanel({ className }: { className?: string }) {
  const showcase = useShowcaseImage();
  const [showcaseBroken, setShowcaseBroken] = useState(false);

  const imageUrl = showcase.isPending
    ? null
    : showcaseBroken
      ? stockArtworkUrl
      : (showcase.data ?? stockArtworkUrl);

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
