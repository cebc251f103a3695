import type { ModerationItem } from "@sawdust/shared";
import { Check, Eye, EyeOff, ShieldAlert, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "@/app/paths";
import { ArtImage } from "@/components/artwork/art-image";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { KIND_LABELS, openReportsText, reasonLabel } from "../moderation-text";

export type CardDecision = "approve" | "keep_private" | "delete";

interface ModerationCardProps {
  item: ModerationItem;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onDecide: (decision: CardDecision) => void;
  /** A decision is running: the buttons wait. */
  busy: boolean;
}

const KIND_STYLES = {
  flagged: "border-transparent bg-destructive text-destructive-foreground",
  unrated: "border-transparent bg-secondary text-secondary-foreground",
  reported: "border-amber-600/40 bg-amber-50 text-amber-900",
} as const;

/**
 * One image waiting for a decision: its preview (an admin's session loads a private image's
 * renditions), why it waits, the members' reports by reason with their newest notes, its
 * visibility, and the three decisions.
 */
export function ModerationCard({
  item,
  selected,
  onSelectedChange,
  onDecide,
  busy,
}: ModerationCardProps) {
  const title = item.title?.trim() || "Untitled";
  const checkboxId = `moderation-select-${item.imageId}`;
  // What the rater flagged stays blurred until the admin asks to see it.
  const [revealed, setRevealed] = useState(false);
  const veiled = item.moderation === "flagged" && !revealed;
  return (
    <li
      data-testid="moderation-item"
      data-image-id={item.imageId}
      className={cn(
        "flex min-w-0 flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow",
        selected && "ring-2 ring-brand",
      )}
    >
      <div className="relative overflow-hidden bg-stone-900">
        <ArtImage
          image={item}
          alt={title}
          sizes="(min-width: 1024px) 24rem, (min-width: 640px) 50vw, 100vw"
          className={cn("aspect-[4/3] object-contain", veiled && "scale-110 blur-2xl")}
        />
        {veiled && (
          <div className="absolute inset-0 flex items-center justify-center">
            <Button
              size="sm"
              variant="outline"
              data-testid="moderation-reveal"
              onClick={() => setRevealed(true)}
              aria-label={`Show ${title}`}
            >
              <Eye aria-hidden />
              Show image
            </Button>
          </div>
        )}
        <label
          htmlFor={checkboxId}
          className="absolute left-2 top-2 flex items-center gap-2 rounded-md bg-card/95 px-2.5 py-1.5 text-sm font-medium shadow"
        >
          <input
            id={checkboxId}
            type="checkbox"
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            className="size-4 accent-brand"
          />
          Select<span className="sr-only"> {title}</span>
        </label>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className={KIND_STYLES[item.moderation]}>{KIND_LABELS[item.moderation]}</Badge>
          <Badge variant="outline">{item.isPublic ? "Public" : "Private"}</Badge>
        </div>
        <h3 className="min-w-0 font-display text-lg font-semibold leading-snug">
          <Link
            to={paths.admin.editImage.getHref(item.imageId)}
            className="wrap-anywhere hover:underline"
          >
            {title}
          </Link>
        </h3>
        {/* A reported image's reasons are its reports, listed below. */}
        {item.moderationReason && item.moderation !== "reported" && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 wrap-anywhere">{item.moderationReason}</span>
          </p>
        )}
        {item.reports.open > 0 && (
          <div className="grid gap-2 text-sm">
            <p className="font-medium">{openReportsText(item.reports.open)}</p>
            <ul className="flex flex-wrap gap-1.5" aria-label="Reasons given">
              {item.reports.reasons.map(({ reason, count }) => (
                <li key={reason} className="rounded-full bg-muted px-2.5 py-0.5 text-xs">
                  {reasonLabel(reason)} <span className="tabular-nums">×{count}</span>
                </li>
              ))}
            </ul>
            {item.reports.notes.map((note) => (
              <blockquote
                key={`${note.reporter}-${note.createdAt}`}
                className="border-l-2 pl-3 text-muted-foreground"
              >
                <p className="wrap-anywhere">“{note.note}”</p>
                <footer className="mt-0.5 text-xs">
                  {note.reporter}, {reasonLabel(note.reason).toLowerCase()}
                </footer>
              </blockquote>
            ))}
          </div>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button
            size="sm"
            variant="brand"
            disabled={busy}
            onClick={() => onDecide("approve")}
            aria-label={`Approve ${title}`}
          >
            <Check aria-hidden />
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onDecide("keep_private")}
            aria-label={`Keep private ${title}`}
          >
            <EyeOff aria-hidden />
            Keep private
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive hover:text-destructive"
            disabled={busy}
            onClick={() => onDecide("delete")}
            aria-label={`Delete ${title}`}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
