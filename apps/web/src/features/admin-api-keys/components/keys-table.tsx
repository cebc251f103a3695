import { type ApiKey, groupDigits } from "@sawdust/shared";
import { Ban } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatDate, formatShortDay } from "@/lib/date-time";
import { formatLastUsed } from "../key-text";

interface KeysTableProps {
  apiKeys: ApiKey[];
  onRevoke: (key: ApiKey) => void;
}

function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Badge variant="brand" className="shrink-0">
      Active
    </Badge>
  ) : (
    <Badge variant="outline" className="shrink-0 text-muted-foreground">
      Revoked
    </Badge>
  );
}

/** Each day's requests as small bars, the week's total beside them, and the numbers for readers. */
function RequestsPerDay({ days }: { days: ApiKey["requestsPerDay"] }) {
  const most = Math.max(1, ...days.map((d) => d.requests));
  const total = days.reduce((sum, d) => sum + d.requests, 0);
  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-1">
      <div className="flex h-8 items-end gap-0.5" aria-hidden>
        {days.map((d) => (
          <span
            key={d.day}
            title={`${formatShortDay(d.day)}: ${groupDigits(d.requests)}`}
            className="w-1.5 rounded-sm bg-brand"
            style={{
              height: `${Math.max(8, (d.requests / most) * 100)}%`,
              opacity: d.requests ? 1 : 0.25,
            }}
          />
        ))}
      </div>
      <span className="text-sm tabular-nums whitespace-nowrap">
        {groupDigits(total)}
        <span className="text-muted-foreground"> in {days.length} UTC days</span>
      </span>
      <span className="sr-only">
        {days.map((d) => `${formatShortDay(d.day)}: ${d.requests}`).join(", ")}
      </span>
    </div>
  );
}

function RevokeButton({
  apiKey,
  onRevoke,
}: {
  apiKey: ApiKey;
  onRevoke: KeysTableProps["onRevoke"];
}) {
  // Revoked keys show no action (spec section 2).
  if (!apiKey.isActive) return null;
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="text-destructive hover:text-destructive"
      onClick={() => onRevoke(apiKey)}
      aria-label={`Revoke ${apiKey.name}`}
    >
      <Ban aria-hidden />
      Revoke
    </Button>
  );
}

/**
 * The keys (spec section 2): id, name, created 'MMM d, yyyy', last used ('Never used' or with
 * 'HH:mm'), whether active, requests per day and the hourly limit; only active keys can be
 * revoked. A table from medium screens up, a card a key on a phone.
 */
export function KeysTable({ apiKeys, onRevoke }: KeysTableProps) {
  const headers = ["ID", "Name", "Created", "Last used", "Status", "Requests", "Limit / hour"];
  return (
    <>
      <TableScroll label="API keys" className="hidden md:block">
        <table className="w-full text-left text-sm">
          <thead className="border-b bg-muted/60 text-xs uppercase tracking-wider text-muted-foreground">
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col" className="px-4 py-3 font-semibold">
                  {header}
                </th>
              ))}
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {apiKeys.map((apiKey) => (
              <tr
                key={apiKey.id}
                data-testid="api-key-row"
                className={apiKey.isActive ? "" : "bg-muted/30"}
              >
                <td className="px-4 py-3 tabular-nums text-muted-foreground">{apiKey.id}</td>
                <td className="px-4 py-3">
                  <div className="font-medium wrap-anywhere">{apiKey.name}</div>
                  <div className="font-mono text-xs text-muted-foreground">{apiKey.display}</div>
                </td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {formatDate(apiKey.createdAt)}
                </td>
                <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                  {formatLastUsed(apiKey.lastUsed)}
                </td>
                <td className="px-4 py-3">
                  <StatusBadge active={apiKey.isActive} />
                </td>
                <td className="px-4 py-3">
                  <RequestsPerDay days={apiKey.requestsPerDay} />
                </td>
                <td className="px-4 py-3 tabular-nums">{groupDigits(apiKey.rateLimitPerHour)}</td>
                <td className="px-4 py-3 text-right">
                  <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>

      <ul className="grid gap-3 md:hidden">
        {apiKeys.map((apiKey) => (
          <li
            key={apiKey.id}
            data-testid="api-key-card"
            className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium wrap-anywhere">{apiKey.name}</p>
                <p className="font-mono text-xs text-muted-foreground">
                  #{apiKey.id} · {apiKey.display}
                </p>
              </div>
              <StatusBadge active={apiKey.isActive} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">Created</dt>
                <dd className="tabular-nums">{formatDate(apiKey.createdAt)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Last used</dt>
                <dd className="tabular-nums">{formatLastUsed(apiKey.lastUsed)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Limit / hour</dt>
                <dd className="tabular-nums">{groupDigits(apiKey.rateLimitPerHour)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Requests</dt>
                <dd>
                  <RequestsPerDay days={apiKey.requestsPerDay} />
                </dd>
              </div>
            </dl>
            <div className="flex justify-end empty:hidden">
              <RevokeButton apiKey={apiKey} onRevoke={onRevoke} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
