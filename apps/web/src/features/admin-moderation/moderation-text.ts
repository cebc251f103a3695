import { type ModerationKind, REPORT_REASON_LABELS, type ReportReason } from "@sawdust/shared";

/** How each reason for waiting reads in the queue. */
export const KIND_LABELS: Record<ModerationKind, string> = {
  flagged: "Flagged",
  unrated: "Unrated",
  reported: "Reported",
};

/** The queue's filter names, with the kinds in order. */
export const FILTERS = [
  { value: "all", label: "All" },
  { value: "flagged", label: KIND_LABELS.flagged },
  { value: "unrated", label: KIND_LABELS.unrated },
  { value: "reported", label: KIND_LABELS.reported },
] as const;

/** "3 open reports" / "1 open report". */
export function openReportsText(count: number): string {
  return `${count} open ${count === 1 ? "report" : "reports"}`;
}

/** A report reason in words. */
export function reasonLabel(reason: ReportReason): string {
  return REPORT_REASON_LABELS[reason] ?? reason;
}
