import type { AuditEntry } from "@sawdust/shared";
import { ArrowRight } from "lucide-react";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatDateTime } from "@/lib/date-time";
import { noActorText, readableDetails } from "../audit-text";

interface AuditTableProps {
  entries: AuditEntry[];
  /** Narrows the log to one actor or one subject (a click on either). */
  onFilter: (name: "actor" | "subject", value: string) => void;
}

const COLUMNS = ["When", "Who", "Action", "Subject", "What changed"];

/**
 * The audit log (admin console): when, who, what, to what, and what changed, before → after. A
 * table from md up; a card per entry on a phone, where a table's last column would be a sliver.
 */
export function AuditTable({ entries, onFilter }: AuditTableProps) {
  return (
    <>
      <ol className="grid gap-3 md:hidden" aria-label="Audit entries">
        {entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="audit-card"
            className="grid min-w-0 gap-2 rounded-xl border bg-card p-4 text-sm shadow-sm wrap-anywhere"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{entry.action}</code>
              <time dateTime={entry.createdAt} className="text-muted-foreground tabular-nums">
                {formatDateTime(entry.createdAt)}
              </time>
            </div>
            <div className="flex flex-wrap items-baseline gap-x-2 text-muted-foreground">
              <span>by</span>
              <Actor entry={entry} onFilter={onFilter} />
              <span>on</span>
              <Subject entry={entry} onFilter={onFilter} />
            </div>
            <WhatChanged details={entry.details} />
          </li>
        ))}
      </ol>
      <AuditRows entries={entries} onFilter={onFilter} />
    </>
  );
}

function AuditRows({ entries, onFilter }: AuditTableProps) {
  return (
    <TableScroll label="Audit entries" className="hidden md:block">
      <table className="w-full min-w-[52rem] text-left text-sm">
        <thead className="border-b bg-muted/60 text-xs uppercase tracking-wider text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="audit-row" className="align-top">
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <Actor entry={entry} onFilter={onFilter} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{entry.action}</code>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                <Subject entry={entry} onFilter={onFilter} />
              </td>
              <td className="px-4 py-3">
                <WhatChanged details={entry.details} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

type EntryProps = Pick<AuditTableProps, "onFilter"> & { entry: AuditEntry };

/**
 * The acting admin, a button that narrows the log to them. Without one: "Not signed in" for a
 * refused sign-in (whoever tried is not known), else "System".
 */
function Actor({ entry, onFilter }: EntryProps) {
  const actor = entry.actor;
  if (!actor) return <span className="text-muted-foreground">{noActorText(entry.action)}</span>;
  return (
    <button
      type="button"
      className="font-medium text-foreground underline-offset-4 hover:underline"
      onClick={() => onFilter("actor", actor.username)}
      aria-label={`Only actions by ${actor.username}`}
    >
      {actor.username}
    </button>
  );
}

/** The subject, a button that narrows the log to it. */
function Subject({ entry, onFilter }: EntryProps) {
  return (
    <button
      type="button"
      className="font-mono text-xs text-foreground underline-offset-4 hover:underline"
      onClick={() => onFilter("subject", entry.subject)}
      aria-label={`Only actions on ${entry.subject}`}
    >
      {entry.subject}
    </button>
  );
}

/** The details: each changed field before → after, then the other facts. */
function WhatChanged({ details }: { details: AuditEntry["details"] }) {
  const { changes, facts } = readableDetails(details);
  if (changes.length === 0 && facts.length === 0) {
    return <span className="text-muted-foreground">No change</span>;
  }
  return (
    <dl className="grid gap-1">
      {changes.map((change) => (
        <div key={change.field} className="flex flex-wrap items-baseline gap-x-2">
          <dt className="font-medium">{change.field}:</dt>
          <dd className="flex flex-wrap items-baseline gap-x-1.5 wrap-anywhere">
            <span className="text-muted-foreground line-through decoration-muted-foreground/50">
              {change.before}
            </span>
            <ArrowRight className="size-3.5 shrink-0 self-center" aria-hidden />
            <span className="sr-only">to</span>
            <span>{change.after}</span>
          </dd>
        </div>
      ))}
      {facts.map((fact) => (
        <div key={fact.name} className="flex flex-wrap items-baseline gap-x-2">
          <dt className="text-muted-foreground">{fact.name}:</dt>
          <dd className="wrap-anywhere">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
