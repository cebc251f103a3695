import {
  MESSAGES,
  type ModerationDecision,
  type ModerationDecisionResult,
  type ModerationItem,
} from "@sawdust/shared";
import { Check, EyeOff, ShieldCheck, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { LoadMoreButton } from "@/components/layout/load-more-button";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { MAIN_CONTENT_ID } from "@/lib/main-content";
import { cn } from "@/lib/utils";
import { useDecideModeration } from "./api/decide-moderation";
import { type QueueFilter, useModerationQueue } from "./api/get-moderation-queue";
import { ModerationCard } from "./components/moderation-card";
import { FILTERS } from "./moderation-text";

const m = MESSAGES.moderation;

function isFilter(value: string | null): value is QueueFilter {
  return FILTERS.some((filter) => filter.value === value);
}

/** The toast that sums up a decision's outcomes. */
function announce(result: ModerationDecisionResult) {
  const count = (outcome: string) => result.results.filter((r) => r.outcome === outcome).length;
  const lines = [
    count("approved") && m.approved(count("approved")),
    count("kept_private") && m.keptPrivate(count("kept_private")),
    count("deleted") && m.deleted(count("deleted")),
  ].filter(Boolean);
  const skipped = count("skipped");
  toast({
    title: lines.join(" · ") || m.skipped(skipped),
    description: lines.length > 0 && skipped > 0 ? m.skipped(skipped) : undefined,
  });
}

/**
 * /admin/moderation (issue 15, beyond the spec): the images the content rater flagged or could
 * not rate and those members reported, newest first, filtered by why they wait. Each can be
 * approved (published), kept private or deleted, or many at once from a selection; deleting
 * asks first.
 */
export function ModerationPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("kind");
  const kind: QueueFilter = isFilter(asked) ? asked : "all";
  const queue = useModerationQueue(kind);
  const decide = useDecideModeration();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<number[] | null>(null);

  const items = useMemo(() => queue.data?.pages.flatMap((page) => page.items) ?? [], [queue.data]);
  const counts = queue.data?.pages[0]?.counts;
  // Only what is on screen stays selected (a decision or a filter takes images away).
  const chosen = items.filter((item) => selected.has(item.imageId)).map((item) => item.imageId);
  const allChosen = items.length > 0 && chosen.length === items.length;

  function toggle(imageId: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(imageId);
      else next.delete(imageId);
      return next;
    });
  }

  function run(imageIds: number[], decision: ModerationDecision) {
    decide.mutate(
      { imageIds, decision },
      {
        onSuccess: (result) => {
          announce(result);
          setSelected((current) => {
            const next = new Set(current);
            for (const id of imageIds) next.delete(id);
            return next;
          });
          setDeleting(null);
        },
        onError: (error) => {
          toast({
            title: m.decisionFailed,
            description: isApiRequestError(error) && error.body ? error.body : error.message,
            variant: "destructive",
          });
          setDeleting(null);
        },
      },
    );
  }

  // A card's decision takes the card (and the button that had the focus) away: the focus goes to
  // the card that took its place, or the one before it when it was the last (round 20).
  const list = useRef<HTMLUListElement>(null);
  const refocus = useRef<{ imageId: number; at: number } | null>(null);
  const confirmedDelete = useRef(false);
  const placeFocus = () => {
    const pending = refocus.current;
    if (!pending || items.some((item) => item.imageId === pending.imageId)) return;
    refocus.current = null;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const cards = list.current ? [...list.current.children] : [];
    const card = cards[Math.min(pending.at, cards.length - 1)];
    const target =
      card?.querySelector<HTMLElement>("button:not([disabled]), input") ??
      document.getElementById(MAIN_CONTENT_ID);
    target?.focus();
  };
  // Placed once the card has gone from the list.
  useEffect(placeFocus, [items]);

  function ask(imageIds: number[], decision: ModerationDecision) {
    if (decision === "delete") setDeleting(imageIds);
    else run(imageIds, decision);
  }

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Moderation"
        description={
          counts ? (
            <p data-testid="moderation-counts">
              {counts.all} waiting: {counts.flagged} flagged by the content rater, {counts.unrated}{" "}
              not rated, {counts.reported} reported by members.
            </p>
          ) : (
            "Images held back by the content rater, and images members reported."
          )
        }
      />

      <div className="grid gap-6 pt-8">
        <fieldset className="flex flex-wrap gap-2">
          <legend className="sr-only">Show</legend>
          {FILTERS.map((filter) => {
            const active = filter.value === kind;
            const count = counts?.[filter.value];
            return (
              <Button
                key={filter.value}
                size="sm"
                variant={active ? "default" : "outline"}
                aria-pressed={active}
                onClick={() =>
                  setSearchParams(filter.value === "all" ? {} : { kind: filter.value }, {
                    replace: true,
                  })
                }
              >
                {filter.label}
                {count !== undefined && (
                  <span
                    className={cn(
                      "rounded-full px-1.5 text-xs tabular-nums",
                      active ? "bg-primary-foreground/20" : "bg-muted",
                    )}
                  >
                    {count}
                  </span>
                )}
              </Button>
            );
          })}
        </fieldset>

        {items.length > 0 && (
          <section
            aria-label="Selection"
            className="sticky top-16 z-10 flex flex-wrap items-center gap-3 rounded-xl border bg-card/95 px-4 py-3 shadow-sm backdrop-blur"
          >
            <label className="flex items-center gap-2 text-sm font-medium">
              <input
                type="checkbox"
                checked={allChosen}
                ref={(box) => {
                  if (box) box.indeterminate = chosen.length > 0 && !allChosen;
                }}
                onChange={(event) =>
                  setSelected(
                    event.target.checked ? new Set(items.map((item) => item.imageId)) : new Set(),
                  )
                }
                className="size-4 accent-brand"
              />
              Select all shown
            </label>
            <span className="text-sm text-muted-foreground" aria-live="polite">
              {chosen.length} selected
            </span>
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              <Button
                size="sm"
                variant="brand"
                disabled={chosen.length === 0 || decide.isPending}
                onClick={() => ask(chosen, "approve")}
              >
                <Check aria-hidden />
                Approve
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={chosen.length === 0 || decide.isPending}
                onClick={() => ask(chosen, "keep_private")}
              >
                <EyeOff aria-hidden />
                Keep private
              </Button>
              <Button
                size="sm"
                variant="destructive"
                disabled={chosen.length === 0 || decide.isPending}
                onClick={() => ask(chosen, "delete")}
              >
                <Trash2 aria-hidden />
                Delete
              </Button>
            </div>
          </section>
        )}

        {queue.isPending ? (
          <div
            role="status"
            aria-label="Loading the queue"
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            {Array.from({ length: 3 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-96 rounded-xl" />
            ))}
          </div>
        ) : queue.isError ? (
          <LoadErrorPanel
            title={m.fetchFailed}
            text={queue.error.message}
            onRetry={() => void queue.refetch()}
          />
        ) : items.length === 0 ? (
          <EmptyPanel icon={<ShieldCheck className="size-6" aria-hidden />} title={m.empty}>
            {m.emptyText}
          </EmptyPanel>
        ) : (
          <>
            <ul
              ref={list}
              className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
              aria-label="Images to review"
            >
              {items.map((item: ModerationItem) => (
                <ModerationCard
                  key={item.imageId}
                  item={item}
                  selected={selected.has(item.imageId)}
                  onSelectedChange={(on) => toggle(item.imageId, on)}
                  onDecide={(decision) => {
                    refocus.current = { imageId: item.imageId, at: items.indexOf(item) };
                    ask([item.imageId], decision);
                  }}
                  busy={decide.isPending}
                />
              ))}
            </ul>
            <LoadMoreButton list={queue}>Load more</LoadMoreButton>
          </>
        )}
      </div>

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={m.deleteTitle(deleting?.length ?? 0)}
        description={m.deleteText(deleting?.length ?? 0)}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={decide.isPending}
        onConfirm={() => {
          if (!deleting) return;
          confirmedDelete.current = true;
          run(deleting, "delete");
        }}
        onCloseAutoFocus={(event) => {
          // Cancelled: back to the card's Delete button, as a dialog does. Deleted: that button has
          // gone, so the focus goes where the card's other decisions send it.
          if (!confirmedDelete.current) {
            refocus.current = null;
            return;
          }
          confirmedDelete.current = false;
          event.preventDefault();
          placeFocus();
        }}
      />
    </AdminPageFrame>
  );
}
