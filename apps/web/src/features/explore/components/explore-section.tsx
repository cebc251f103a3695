import type { ReactNode } from "react";

interface ExploreSectionProps {
  /** The anchor the search palette's "View all" links point at (/explore#{id}). */
  id: string;
  title: string;
  description?: string;
  /** Something to the right of the heading, such as a "See all" link. */
  action?: ReactNode;
  children: ReactNode;
}

export function ExploreSection({ id, title, description, action, children }: ExploreSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section id={id} aria-labelledby={headingId} className="scroll-mt-24 pt-12 first:pt-0">
      <div className="mb-5 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h2
            id={headingId}
            className="font-display text-2xl font-semibold tracking-tight sm:text-3xl"
          >
            {title}
          </h2>
          {description && <p className="mt-1 text-muted-foreground">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
