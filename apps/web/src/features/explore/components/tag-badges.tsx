import { MESSAGES, type TagCount } from "@sawdust/shared";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Skeleton } from "@/components/ui/skeleton";

/** Every tag as a badge with its count; each opens the gallery filtered by it. */
export function TagBadges({ tags }: { tags: readonly TagCount[] }) {
  if (tags.length === 0) {
    return (
      <p className="rounded-xl border border-dashed bg-card/60 px-5 py-8 text-center text-muted-foreground">
        {MESSAGES.images.noTags}
      </p>
    );
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label="All tags">
      {tags.map(({ tag, count }) => (
        <li key={tag}>
          <Link
            to={paths.gallery.getHref({ tag })}
            className="inline-flex items-center gap-2 rounded-full border bg-card py-1.5 pr-1.5 pl-3.5 text-sm font-medium shadow-xs transition-colors hover:border-brand hover:bg-accent"
          >
            {tag.replaceAll("-", " ")}{" "}
            <span className="rounded-full bg-secondary px-2 py-0.5 text-xs font-semibold text-secondary-foreground tabular-nums">
              {count}
              <span className="sr-only">{count === 1 ? " image" : " images"}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function TagBadgesSkeleton() {
  const widths = ["w-20", "w-28", "w-16", "w-24", "w-32", "w-20", "w-24", "w-16", "w-28", "w-20"];
  return (
    <div className="flex flex-wrap gap-2" aria-hidden>
      {widths.map((width, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className={`h-8 rounded-full ${width}`} />
      ))}
    </div>
  );
}
