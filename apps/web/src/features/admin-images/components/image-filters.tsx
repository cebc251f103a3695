import {
  type AdminImageFilterInput,
  ANALYSIS_STATUSES,
  EDITION_FILTER_VALUES,
  EDITION_TYPE_LABELS,
  MESSAGES,
} from "@sawdust/shared";
import { useId } from "react";
import { ListSearch } from "@/components/layout/list-search";
import { Button } from "@/components/ui/button";

const m = MESSAGES.adminImages;
type FilterName = "q" | "visibility" | "editionType" | "analysis" | "flagged";

interface ImageFiltersProps {
  filters: AdminImageFilterInput;
  onChange: (name: FilterName, value: string | undefined) => void;
  onClear?: () => void;
}

const SELECT =
  "h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 text-sm shadow-sm sm:w-auto";

/**
 * The table's search and filters: the spec's visibility filter (All Images, Public Only, Private
 * Only), and ours: edition type, analysis status and whether the image waits for a moderator.
 */
export function ImageFilters({ filters, onChange, onClear }: ImageFiltersProps) {
  const id = useId();
  const selects: Array<{
    name: FilterName;
    label: string;
    value: string;
    options: ReadonlyArray<readonly [string, string]>;
  }> = [
    {
      name: "visibility",
      label: "Visibility",
      value: filters.visibility ?? "all",
      options: [
        ["all", m.filterAll],
        ["public", m.filterPublic],
        ["private", m.filterPrivate],
      ],
    },
    {
      name: "editionType",
      label: "Edition",
      value: filters.editionType ?? "",
      options: [
        ["", m.anyEdition],
        ...EDITION_FILTER_VALUES.map((type) => [type, EDITION_TYPE_LABELS[type]] as const),
      ],
    },
    {
      name: "analysis",
      label: "Analysis",
      value: filters.analysis ?? "",
      options: [
        ["", m.anyAnalysis],
        ...ANALYSIS_STATUSES.map((status) => [status, m.analysisLabels[status]] as const),
      ],
    },
    {
      name: "flagged",
      label: "Moderation",
      value: filters.flagged === undefined ? "" : String(filters.flagged),
      options: [
        ["", m.anyModeration],
        ["true", m.flaggedOnly],
        ["false", m.notFlagged],
      ],
    },
  ];

  return (
    <div className="grid gap-3">
      <ListSearch
        key={filters.q ?? ""}
        value={filters.q ?? ""}
        onSearch={(text) => onChange("q", text || undefined)}
        label={m.searchLabel}
        placeholder={m.searchPlaceholder}
        className="max-w-2xl"
      />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        {selects.map((select) => (
          <div key={select.name} className="grid min-w-0 gap-1">
            <label
              htmlFor={`${id}-${select.name}`}
              className="text-xs font-medium text-muted-foreground"
            >
              {select.label}
            </label>
            <select
              id={`${id}-${select.name}`}
              value={select.value}
              onChange={(event) => onChange(select.name, event.target.value || undefined)}
              className={SELECT}
            >
              {select.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {onClear && (
          <Button variant="ghost" className="col-span-2 sm:col-span-1" onClick={onClear}>
            {m.clearFilters}
          </Button>
        )}
      </div>
    </div>
  );
}
