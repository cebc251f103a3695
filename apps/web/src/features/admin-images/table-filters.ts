import { type AdminImageFilterInput, ZAdminImageFilter } from "@sawdust/shared";

/** The filter names, as the URL and the API both spell them. */
const NAMES = ["q", "visibility", "editionType", "analysis", "flagged"] as const;

/**
 * The table's filters from the page's query string: each value the API would refuse is left out
 * (a stale or hand-edited link shows the table rather than an error). 'all' is the default and
 * never written.
 */
export function filtersFromSearch(search: URLSearchParams): AdminImageFilterInput {
  const filters: Record<string, string> = {};
  for (const name of NAMES) {
    const value = search.get(name)?.trim();
    if (!value || (name === "visibility" && value === "all")) continue;
    if (ZAdminImageFilter.shape[name].safeParse(value).success) filters[name] = value;
  }
  return filters as AdminImageFilterInput;
}

/** The query string after setting one filter (`undefined` clears it). */
export function withFilter(
  search: URLSearchParams,
  name: (typeof NAMES)[number],
  value: string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(search);
  if (value === undefined || value === "" || (name === "visibility" && value === "all")) {
    next.delete(name);
  } else {
    next.set(name, value);
  }
  return next;
}

/** Whether any filter beyond the defaults is set. */
export function hasFilters(filters: AdminImageFilterInput): boolean {
  return Object.values(filters).some((value) => value !== undefined && value !== "");
}
