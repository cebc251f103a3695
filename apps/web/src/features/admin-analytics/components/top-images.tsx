import { groupDigits, MESSAGES, type TopImage } from "@sawdust/shared";
import { EyeOff, ImageOff } from "lucide-react";
import { Link } from "react-router";
import { paths } from "@/app/paths";

const m = MESSAGES.adminStats.analytics;

/** A ranked list of images: thumbnail and title link to the image; its figures for the range. */
/** "1 view", "2,300 downloads". */
function counted(n: number, noun: "views" | "downloads"): string {
  return `${groupDigits(n)} ${n === 1 ? noun.slice(0, -1) : noun}`;
}

export function TopImages({
  id,
  title,
  images,
  by,
}: {
  id: string;
  title: string;
  images: TopImage[];
  by: "views" | "downloads";
}) {
  return (
    <div
      className="min-w-0 rounded-xl border bg-card text-card-foreground shadow-sm p-5"
      data-testid={id}
    >
      <section aria-labelledby={`${id}-heading`}>
        <h3 id={`${id}-heading`} className="mb-4 font-display text-lg font-semibold">
          {title}
        </h3>
        {images.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.noTopImages}</p>
        ) : (
          <ol className="grid gap-3">
            {images.map((image, rank) => {
              const name = image.title ?? m.untitled;
              const first = by === "views" ? image.views : image.downloads;
              const second = by === "views" ? image.downloads : image.views;
              return (
                <li key={image.id} className="flex min-w-0 items-center gap-3">
                  <span className="flex size-6 shrink-0 items-center justify-end text-sm text-muted-foreground tabular-nums">
                    {rank + 1}
                  </span>
                  <Link
                    to={paths.image.getHref(image.id)}
                    className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg"
                  >
                    {image.thumbnailUrl ? (
                      <img
                        src={image.thumbnailUrl}
                        alt=""
                        width={48}
                        height={48}
                        loading="lazy"
                        className="size-12 shrink-0 rounded-md border object-cover"
                      />
                    ) : (
                      <span className="grid size-12 shrink-0 place-items-center rounded-md border bg-secondary">
                        <ImageOff aria-hidden className="size-4 text-muted-foreground" />
                      </span>
                    )}
                    <span className="min-w-0 flex-1">
                      <span dir="auto" className="block truncate font-medium group-hover:underline">
                        {name}
                      </span>
                      {!image.isPublic && (
                        <span className="flex items-center gap-1 text-xs text-muted-foreground">
                          <EyeOff aria-hidden className="size-3" /> Private
                        </span>
                      )}
                    </span>
                  </Link>
                  <span className="shrink-0 text-right text-sm tabular-nums">
                    <span className="block font-semibold">{counted(first, by)}</span>
                    <span className="block text-xs text-muted-foreground">
                      {counted(second, by === "views" ? "downloads" : "views")}
                    </span>
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
