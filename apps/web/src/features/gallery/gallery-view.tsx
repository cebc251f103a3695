import { useParams, useSearchParams } from "react-router";
import { ScreenPlaceholder } from "@/components/layout/screen-placeholder";
import { Badge } from "@/components/ui/badge";
import { useImageRedirectHash } from "./use-image-redirect-hash";

const FILTER_NAMES = ["tag", "style", "color"] as const;

/**
 * The gallery landing view: at / and /gallery, at /image/:imageId (with that image's detail), and
 * in place of any signed-in page a visitor asks for.
 */
export function GalleryView() {
  useImageRedirectHash();
  const { imageId } = useParams();
  const [searchParams] = useSearchParams();
  const activeFilters = FILTER_NAMES.flatMap((name) => {
    const value = searchParams.get(name);
    return value ? [{ name, value }] : [];
  });

  return (
    <ScreenPlaceholder title="Gallery" testId="gallery-view">
      <p className="max-w-2xl text-lg text-muted-foreground">
        AI-generated artwork, curated by the Sawdust community.
      </p>
      {activeFilters.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Active filters">
          {activeFilters.map(({ name, value }) => (
            <li key={name}>
              <Badge variant="secondary">
                {name}: {value}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {imageId && (
        <p className="mt-4 text-sm text-muted-foreground">
          You asked for image #{imageId}; its detail view is not built yet either.
        </p>
      )}
    </ScreenPlaceholder>
  );
}
