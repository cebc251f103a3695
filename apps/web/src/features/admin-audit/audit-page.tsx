import { MESSAGES } from "@sawdust/shared";
import { ScrollText, X } from "lucide-react";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { LoadMoreButton } from "@/components/layout/load-more-button";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { isApiRequestError } from "@/lib/api-client";
import { type AuditFilters, useAudit } from "./api/get-audit";
import { AuditTable } from "./components/audit-table";

const m = MESSAGES.audit;
const FILTERS = ["action", "actor", "subject"] as const;
/** Action prefixes to pick from (any other prefix can be typed). */
const ACTION_SUGGESTIONS = [
  "user.",
  "settings.",
  "image.",
  "hero.",
  "moderation.",
  "api_key.",
  "billing.",
  "auth.",
  "mail.",
];

function filtersOf(params: URLSearchParams): AuditFilters {
  return Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name)?.trim() || undefined]),
  ) as AuditFilters;
}

/**
 * /admin/audit (admin console): every admin action and administrators' sign-ins, newest first —
 * who, when, what and to what, with what changed before → after. Read-only: nothing here edits or deletes an entry. The
 * filters live in the URL.
 */
export function AuditPage() {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const log = useAudit(filters);
  // The entries' box: the last page's first control takes the focus Load older had.
  const entriesBox = useRef<HTMLDivElement>(null);

  const failedAt = log.isError ? log.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast({ title: m.loadFailed, variant: "destructive" });
  }, [failedAt]);

  function apply(next: AuditFilters) {
    const params = new URLSearchParams();
    for (const name of FILTERS) {
      const value = next[name]?.trim();
      if (value) params.set(name, value);
    }
    setSearchParams(params, { replace: true });
  }

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = FILTERS.some((name) => filters[name]);

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Audit Log"
        description="Every admin action and admin sign-in: who, when, and what changed. Entries cannot be edited or deleted."
      />
      <div className="grid gap-6 pt-8">
        <FilterForm
          key={searchParams.toString()}
          id={id}
          filters={filters}
          onApply={apply}
          onClear={filtered ? () => apply({}) : undefined}
        />

        {log.isPending ? (
          <div role="status" aria-label="Loading the audit log" className="grid gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : log.isError ? (
          <LoadErrorPanel
            title={m.loadFailed}
            text={isApiRequestError(log.error) ? log.error.message : MESSAGES.genericError}
            onRetry={() => void log.refetch()}
          />
        ) : entries.length === 0 ? (
          <EmptyPanel icon={<ScrollText className="size-6" aria-hidden />} title={m.empty}>
            {filtered
              ? "No entry matches these filters."
              : "Admin actions appear here as they happen."}
          </EmptyPanel>
        ) : (
          <>
            <div ref={entriesBox}>
              <AuditTable
                entries={entries}
                onFilter={(name, value) => apply({ ...filters, [name]: value })}
              />
            </div>
            <LoadMoreButton list={log} items={entriesBox} reach="controls">
              Load older entries
            </LoadMoreButton>
          </>
        )}
      </div>
    </AdminPageFrame>
  );
}

/** The three filters, applied together on Enter or the button. */
function FilterForm({
  id,
  filters,
  onApply,
  onClear,
}: {
  id: string;
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
  onClear?: () => void;
}) {
  const [draft, setDraft] = useState<AuditFilters>(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const fields = [
    { name: "action", label: "Action starts with", placeholder: "user." },
    { name: "actor", label: "Admin", placeholder: "Username" },
    { name: "subject", label: "Subject", placeholder: "user:7" },
  ] as const;
  return (
    <search>
      <form
        onSubmit={submit}
        aria-label="Filter the audit log"
        className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end"
      >
        {fields.map((field) => (
          <div key={field.name} className="grid gap-1.5">
            <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
            <Input
              id={`${id}-${field.name}`}
              value={draft[field.name] ?? ""}
              onChange={(event) => setDraft({ ...draft, [field.name]: event.target.value })}
              placeholder={field.placeholder}
              autoComplete="off"
              list={field.name === "action" ? `${id}-actions` : undefined}
            />
          </div>
        ))}
        <datalist id={`${id}-actions`}>
          {ACTION_SUGGESTIONS.map((prefix) => (
            <option key={prefix} value={prefix} />
          ))}
        </datalist>
        <div className="flex gap-2">
          <Button type="submit">Filter</Button>
          {onClear && (
            <Button type="button" variant="outline" onClick={onClear}>
              <X aria-hidden />
              Clear
            </Button>
          )}
        </div>
      </form>
    </search>
  );
}
