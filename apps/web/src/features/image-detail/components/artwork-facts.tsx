import { groupDigits, type Image } from "@sawdust/shared";
import { Download, Eye, FolderHeart } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { filtersFromSearch, type ImageFilters, normalizeFilters } from "@/lib/images";
import { cn } from "@/lib/utils";
import { swatchesOf } from "../palette";

/**
 * The gallery with this filter applied (spec section 2: it closes the dialog). The other filters
 * already in the URL stay, as changing one filter leaves the rest (spec section 4).
 */
function useFilterHref() {
  const [searchParams] = useSearchParams();
  const current = filtersFromSearch(searchParams);
  return (filter: ImageFilters) =>
    paths.gallery.getHref(normalizeFilters({ ...current, ...filter }));
}

function FactGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-2.5">
      <h3 className="text-xs font-semibold uppercase tracking-widest text-muted-foreground">
        {label}
      </h3>
      {children}
    </div>
  );
}

const chip = cn(
  "inline-flex items-center rounded-full border px-3 py-1 text-sm transition-colors",
  "hover:border-foreground/40 hover:bg-accent",
);

/**
 * Style, tags and colours, each a link that filters the gallery by it; a priced piece's tags go
 * to the tag's page instead.
 */
export function ArtworkFilters({ image }: { image: Image }) {
  const filterHref = useFilterHref();
  const styles = (image.style ?? "")
    .split(",")
    .map((style) => style.trim())
    .filter(Boolean);
  const swatches = swatchesOf(image.aiAnalysis);
  const inGallery = image.editionType === "sawdust_gallery";

  return (
    <>
      {styles.length > 0 && (
        <FactGroup label="Style">
          <ul className="flex flex-wrap gap-2">
            {styles.map((style) => (
              <li key={style}>
                <Link
                  to={filterHref({ style })}
                  className={cn(chip, "border-transparent bg-secondary font-medium")}
                >
                  {/* Its first letter only: CSS capitalize made "ukiyo-e" "Ukiyo-E" (round 59). */}
                  {style.charAt(0).toUpperCase() + style.slice(1)}
                </Link>
              </li>
            ))}
          </ul>
        </FactGroup>
      )}
      {image.tags.length > 0 && (
        <FactGroup label="Tags">
          <ul className="flex flex-wrap gap-2">
            {image.tags.map((tag) => (
              <li key={tag}>
                <Link
                  // The gallery holds gallery pieces only: a priced piece's tag opens the tag's
                  // page, which lists every edition (it led to an empty gallery; round 60).
                  to={inGallery ? filterHref({ tag }) : paths.tag.getHref(tag)}
                  className={cn(chip, "bg-card")}
                >
                  <span aria-hidden className="mr-0.5 text-muted-foreground">
                    #
                  </span>
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </FactGroup>
      )}
      {swatches.length > 0 && (
        <FactGroup label="Palette">
          <ul className="flex flex-wrap gap-x-4 gap-y-3">
            {swatches.map((swatch) => (
              <li key={swatch.hex}>
                <Link
                  to={filterHref({ color: swatch.hex })}
                  aria-label={`Filter by colour ${swatch.name ?? ""} #${swatch.hex}`.replace(
                    "  ",
                    " ",
                  )}
                  className="group flex items-center gap-2 rounded-md"
                >
                  <span
                    aria-hidden
                    className="size-8 rounded-full shadow-inner ring-1 ring-black/10 forced-color-adjust-none transition-transform group-hover:scale-110 motion-reduce:transition-none"
                    style={{ backgroundColor: `#${swatch.hex}` }}
                  />
                  <span className="grid text-left leading-tight">
                    {swatch.name && <span className="text-sm capitalize">{swatch.name}</span>}
                    <span className="font-mono text-xs uppercase text-muted-foreground">
                      #{swatch.hex}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </FactGroup>
      )}
    </>
  );
}

/** Views, downloads and the number of collections the image is in. */
export function ArtworkStats({ image }: { image: Image }) {
  const stats = [
    { label: "Views", value: image.views, icon: Eye },
    { label: "Downloads", value: image.totalDownloads, icon: Download },
    { label: "In collections", value: image.collectionsCount, icon: FolderHeart },
  ];
  return (
    <dl className="grid grid-cols-3 divide-x rounded-xl border bg-card">
      {stats.map(({ label, value, icon: Icon }) => (
        <div key={label} className="flex flex-col items-center gap-1 px-2 py-3 text-center">
          <dt className="order-last text-xs text-muted-foreground">{label}</dt>
          <dd className="flex flex-col items-center gap-1.5 text-lg font-semibold tabular-nums leading-none">
            <Icon className="size-4 text-muted-foreground" aria-hidden />
            {groupDigits(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
