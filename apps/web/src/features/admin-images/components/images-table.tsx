import { type AdminImage, MESSAGES } from "@sawdust/shared";
import { Pencil, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { TableScroll } from "@/components/ui/table-scroll";
import { styleOf, tagsShown, titleOf } from "../image-text";

const m = MESSAGES.adminImages;

interface ImagesTableProps {
  images: AdminImage[];
  /** The ticked rows (every row reads as ticked while all matching images are selected). */
  isSelected: (id: number) => boolean;
  onSelect: (id: number, selected: boolean) => void;
  /** Ticks or unticks every loaded row. */
  onSelectLoaded: (selected: boolean) => void;
  /** The image whose visibility is being changed (its switch waits). */
  pendingVisibility: number | null;
  onToggleVisibility: (image: AdminImage) => void;
  onDelete: (image: AdminImage) => void;
}

/**
 * Spec section 2's table: Preview; Title (or 'Untitled'); Tags (first 3 plus '+N more'); Style (or
 * 'None'); a Visibility switch; Actions (edit, delete). A tick box leads each row for the batch
 * operations, and a badge says when an image waits for a moderator or its analysis.
 */
export function ImagesTable({
  images,
  isSelected,
  onSelect,
  onSelectLoaded,
  pendingVisibility,
  onToggleVisibility,
  onDelete,
}: ImagesTableProps) {
  const c = m.columns;
  const ticked = images.filter((image) => isSelected(image.id)).length;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (all.current) all.current.indeterminate = ticked > 0 && ticked < images.length;
  }, [ticked, images.length]);

  return (
    <TableScroll label={m.title}>
      <table className="w-full min-w-[52rem] text-left text-sm">
        <thead className="border-b bg-muted/60 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            <th scope="col" className="w-12 px-4 py-3">
              <input
                ref={all}
                type="checkbox"
                aria-label="Select every loaded image"
                checked={images.length > 0 && ticked === images.length}
                onChange={(event) => onSelectLoaded(event.target.checked)}
                className="size-4 accent-brand"
              />
            </th>
            {[c.preview, c.title, c.tags, c.style, c.visibility, c.actions].map((header) => (
              <th key={header} scope="col" className="px-4 py-3 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {images.map((image) => {
            const title = titleOf(image);
            const tags = tagsShown(image.tags);
            const selected = isSelected(image.id);
            return (
              <tr
                key={image.id}
                data-testid="admin-image-row"
                data-image-id={image.id}
                className={selected ? "bg-brand/5" : undefined}
              >
                <td className="px-4 py-3">
                  <input
                    type="checkbox"
                    aria-label={`Select ${title}`}
                    checked={selected}
                    onChange={(event) => onSelect(image.id, event.target.checked)}
                    className="size-4 accent-brand"
                  />
                </td>
                <td className="px-4 py-3">
                  {image.urlSmall ? (
                    <img
                      src={image.urlSmall}
                      alt=""
                      loading="lazy"
                      width={64}
                      height={64}
                      className="size-16 rounded-md bg-muted object-cover"
                    />
                  ) : (
                    <span className="block size-16 rounded-md bg-muted" />
                  )}
                </td>
                <td className="max-w-64 px-4 py-3">
                  <span className="line-clamp-2 font-medium">{title}</span>
                  <span className="mt-1 flex flex-wrap gap-1">
                    {image.moderation && (
                      <Badge variant="outline" className="border-amber-500 text-amber-800">
                        {m[image.moderation]}
                      </Badge>
                    )}
                    {image.analysisStatus !== "done" && (
                      <Badge variant="secondary">{m.analysisLabels[image.analysisStatus]}</Badge>
                    )}
                  </span>
                  {image.analysisError && (
                    <span
                      className="mt-1 line-clamp-2 text-xs text-muted-foreground wrap-anywhere"
                      title={image.analysisError}
                    >
                      {image.analysisError}
                    </span>
                  )}
                </td>
                {/* A tag of the longest length is cut to the column, whole on hover and in the
                    edit form: it pushed every row's actions out of view (round 55). */}
                <td className="max-w-56 px-4 py-3">
                  <span className="flex flex-wrap items-center gap-1">
                    {tags.shown.map((tag) => (
                      <Badge
                        key={tag}
                        variant="secondary"
                        className="max-w-full font-normal"
                        title={tag}
                      >
                        <span className="min-w-0 truncate">{tag}</span>
                      </Badge>
                    ))}
                    {tags.more && (
                      <span className="text-xs text-muted-foreground">{tags.more}</span>
                    )}
                    {image.tags.length === 0 && <span className="text-muted-foreground">—</span>}
                  </span>
                </td>
                <td className="max-w-48 px-4 py-3 text-muted-foreground">{styleOf(image)}</td>
                <td className="px-4 py-3">
                  <span className="flex items-center gap-2 whitespace-nowrap">
                    <Switch
                      checked={image.isPublic}
                      // Not disabled while its change is saved: it keeps the keyboard's focus.
                      aria-disabled={pendingVisibility === image.id || undefined}
                      onCheckedChange={() => {
                        if (pendingVisibility !== image.id) onToggleVisibility(image);
                      }}
                      aria-label={`Public: ${title}`}
                      className="aria-disabled:opacity-60"
                    />
                    <span className="text-xs text-muted-foreground" aria-hidden>
                      {image.isPublic ? m.public : m.private}
                    </span>
                  </span>
                </td>
                <td className="px-4 py-3">
                  <span className="flex gap-1">
                    <Button asChild variant="ghost" size="icon" aria-label={`Edit ${title}`}>
                      <Link to={paths.admin.editImage.getHref(image.id)}>
                        <Pencil aria-hidden />
                      </Link>
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${title}`}
                      onClick={() => onDelete(image)}
                      className="text-destructive hover:text-destructive"
                    >
                      <Trash2 aria-hidden className="text-destructive" />
                    </Button>
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
