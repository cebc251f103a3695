import {
  EDITION_AVAILABILITY,
  EDITION_AVAILABILITY_LABELS,
  type EditionAvailability,
  MESSAGES,
} from "@sawdust/shared";
import { Link } from "react-router";
import { cn } from "@/lib/utils";

/** The `?availability=` search parameter as a filter value: anything unknown reads as "all". */
export function availabilityOf(value: string | null): EditionAvailability {
  return EDITION_AVAILABILITY.find((a) => a === value) ?? "all";
}

/**
 * All / Available / Sold on an edition page (issue 19): plain links that set the page's
 * `?availability=` search parameter, so a server render and a shared link show the same list.
 */
export function AvailabilityFilter({ current }: { current: EditionAvailability }) {
  return (
    <nav aria-label={MESSAGES.editions.availabilityFilter}>
      <ul className="inline-flex rounded-full border bg-card p-1 text-sm shadow-xs">
        {EDITION_AVAILABILITY.map((availability) => (
          <li key={availability}>
            <Link
              to={availability === "all" ? "?" : `?availability=${availability}`}
              replace
              preventScrollReset
              aria-current={availability === current ? "page" : undefined}
              className={cn(
                "block rounded-full px-3.5 py-1.5 font-medium transition-colors",
                availability === current
                  ? "bg-foreground text-background"
                  : "text-muted-foreground hover:bg-accent hover:text-foreground",
              )}
            >
              {EDITION_AVAILABILITY_LABELS[availability]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
