import { useCallback, useMemo } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { paths } from "@/app/paths";
import { FILTER_NAMES, filtersFromSearch, type ImageFilters, normalizeFilters } from "@/lib/images";

export type FilterName = (typeof FILTER_NAMES)[number];

/** The filters' query string ("?tag=x&color=red"), or "" without any. */
export function filterSearch(filters: ImageFilters): string {
  const href = paths.gallery.getHref(normalizeFilters(filters));
  const start = href.indexOf("?");
  return start === -1 ? "" : href.slice(start);
}

/**
 * The gallery's filters, which live in the URL (spec section 4) on /gallery and on /image/:id.
 * Every change goes to /gallery with the normalised query, which also closes an open image.
 */
export function useGalleryFilters() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const filters = useMemo(() => filtersFromSearch(searchParams), [searchParams]);

  const apply = useCallback(
    (change: ImageFilters) =>
      navigate(paths.gallery.getHref(normalizeFilters({ ...filters, ...change }))),
    [filters, navigate],
  );
  const remove = useCallback(
    (name: FilterName) => {
      const { [name]: _removed, ...rest } = filters;
      navigate(paths.gallery.getHref(rest));
    },
    [filters, navigate],
  );
  const clear = useCallback(() => navigate(paths.gallery.getHref()), [navigate]);
  const count = FILTER_NAMES.filter((name) => filters[name]).length;

  // One object while nothing changes: the toolbar waiting for its code re-renders on a new one.
  return useMemo(
    () => ({ filters, count, apply, remove, clear }),
    [filters, count, apply, remove, clear],
  );
}

export type GalleryFilters = ReturnType<typeof useGalleryFilters>;
