import type { ReactNode } from "react";
import { paths } from "@/app/paths";
import { FILTER_NAMES, type ImageFilters } from "@/lib/images";

interface GalleryFormProps {
  /** The filters of the gallery the form leads to (a text box of its own may add one). */
  filters: ImageFilters;
  children: ReactNode;
}

/**
 * A form whose sending asks for the gallery with these filters (GET /gallery?…): where no script
 * answers (JavaScript off), its submit button and its text box's Enter still lead where the app's
 * would. The app answers those controls itself and never sends it. On the server's page before the
 * app runs, a button's press is kept for the app (EARLY_CLICK_SCRIPT) and Enter sends the form.
 * It has no box of its own: the layout is its children's.
 */
export function GalleryForm({ filters, children }: GalleryFormProps) {
  return (
    <form
      method="get"
      action={paths.gallery.getHref()}
      className="contents"
      onSubmit={(event) => event.preventDefault()}
    >
      {FILTER_NAMES.map((name) =>
        filters[name] ? <input key={name} type="hidden" name={name} value={filters[name]} /> : null,
      )}
      {children}
    </form>
  );
}
