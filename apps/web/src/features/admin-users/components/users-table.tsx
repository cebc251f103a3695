import { type AdminUser, formatBytes, groupDigits, ROLES, type Role } from "@sawdust/shared";
import { ChevronDown, KeyRound, LogOut, MailCheck, ShieldOff, UserCheck } from "lucide-react";
import { Fragment, type ReactNode, useId, useState } from "react";
import { SubscriptionStatusBadge } from "@/components/billing/subscription-status-badge";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { TableScroll } from "@/components/ui/table-scroll";
import { formatBillingDate, renewalLine } from "@/lib/billing/billing-text";
import { cn } from "@/lib/utils";
import { downloadsText, planLabel } from "../user-text";

/** What an admin asked to do to a user, before they confirm it. */
export type UserAction = {
  kind: "suspend" | "reactivate" | "end-sessions" | "reset-two-factor";
  user: AdminUser;
};

interface UsersTableProps {
  users: AdminUser[];
  /** The signed-in admin (who cannot suspend themself). */
  viewerId: number | undefined;
  /** The user whose change is on its way (their controls wait). */
  busyId: number | null;
  onRoleChange: (user: AdminUser, role: Role) => void;
  onAction: (action: UserAction) => void;
  /** Mails an unconfirmed member's confirmation link again. */
  onResendVerification?: (user: AdminUser) => void;
}

const COLUMNS = [
  "User",
  "Role",
  "Standing",
  "Two-factor",
  "Plan",
  "This month",
  "Sessions",
  "Actions",
];

/**
 * Users with their standing, plan and use (admin console): a role select, Suspend or Reactivate,
 * End sessions, and a detail row with the month's use, the subscription and the collections.
 */
export function UsersTable({
  users,
  viewerId,
  busyId,
  onRoleChange,
  onAction,
  onResendVerification,
}: UsersTableProps) {
  const id = useId();
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <TableScroll label="Users">
      <table className="w-full min-w-[60rem] text-left text-sm">
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
          {users.map((user) => {
            const self = user.id === viewerId;
            const busy = busyId === user.id;
            const open = openId === user.id;
            const detailId = `${id}-detail-${user.id}`;
            const suspended = user.suspendedAt !== null;
            return (
              <Fragment key={user.id}>
                <tr data-testid="user-row" data-username={user.username} className="align-middle">
                  <td className="px-4 py-3">
                    <div className="flex items-start gap-2">
                      <Button
                        variant="ghost"
                        size="icon"
                        className="-ml-2 size-8"
                        aria-expanded={open}
                        aria-controls={detailId}
                        aria-label={`Details of ${user.username}`}
                        onClick={() => setOpenId(open ? null : user.id)}
                      >
                        <ChevronDown
                          className={cn("transition-transform", open && "rotate-180")}
                          aria-hidden
                        />
                      </Button>
                      <div className="min-w-0">
                        <div className="font-medium whitespace-nowrap">
                          {user.username}
                          {self && (
                            <span className="ml-2 text-xs font-normal text-muted-foreground">
                              (you)
                            </span>
                          )}
                        </div>
                        <div className="text-muted-foreground whitespace-nowrap">{user.email}</div>
                      </div>
                    </div>
                  </td>
                  <td className="px-4 py-3">
                    <label htmlFor={`${id}-role-${user.id}`} className="sr-only">
                      Role of {user.username}
                    </label>
                    <select
                      id={`${id}-role-${user.id}`}
                      value={user.role}
                      // Not disabled while a change is saved: it keeps the keyboard's focus.
                      aria-disabled={busy || undefined}
                      onChange={(event) => {
                        if (!busy) onRoleChange(user, event.target.value as Role);
                      }}
                      className="h-9 rounded-md border border-input bg-card px-2 text-sm shadow-sm aria-disabled:opacity-60"
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role === "admin" ? "Admin" : "User"}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td className="px-4 py-3">
                    <Badge
                      variant="outline"
                      className={cn(
                        "whitespace-nowrap border-transparent",
                        suspended
                          ? "bg-destructive text-destructive-foreground"
                          : "bg-emerald-100 text-emerald-800",
                      )}
                    >
                      {suspended ? "Suspended" : "Active"}
                    </Badge>
                    <div
                      className="mt-1 text-xs whitespace-nowrap text-muted-foreground"
                      data-testid="user-email-verified"
                    >
                      {user.emailVerified ? "Email confirmed" : "Email not confirmed"}
                    </div>
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap" data-testid="user-two-factor">
                    {user.twoFactorEnabled ? (
                      <Badge variant="secondary">On</Badge>
                    ) : (
                      <span className="text-muted-foreground">Off</span>
                    )}
                  </td>
                  <td className="px-4 py-3 font-semibold whitespace-nowrap">{planLabel(user)}</td>
                  <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                    <div>{downloadsText(user.downloadsThisMonth)}</div>
                    <div className="text-muted-foreground">
                      {formatBytes(user.bytesThisMonth, 1)}
                    </div>
                  </td>
                  <td className="px-4 py-3 tabular-nums">{user.liveSessions}</td>
                  <td className="px-4 py-3">
                    {/* Wrapping: at 1280 px the row's actions (Suspend last) were cut off. */}
                    <div className="flex flex-wrap items-center gap-1.5">
                      {!user.emailVerified && onResendVerification && (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={busy}
                          onClick={() => onResendVerification(user)}
                          aria-label={`Resend verification to ${user.username}`}
                        >
                          <MailCheck aria-hidden />
                          Resend verification
                        </Button>
                      )}
                      {user.twoFactorEnabled && (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={busy}
                          onClick={() => onAction({ kind: "reset-two-factor", user })}
                          aria-label={`Reset two-factor of ${user.username}`}
                        >
                          <KeyRound aria-hidden />
                          Reset two-factor
                        </Button>
                      )}
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={busy || user.liveSessions === 0}
                        onClick={() => onAction({ kind: "end-sessions", user })}
                        aria-label={`End sessions of ${user.username}`}
                      >
                        <LogOut aria-hidden />
                        End sessions
                      </Button>
                      {suspended ? (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={busy}
                          onClick={() => onAction({ kind: "reactivate", user })}
                          aria-label={`Reactivate ${user.username}`}
                        >
                          <UserCheck aria-hidden />
                          Reactivate
                        </Button>
                      ) : (
                        <Button
                          variant="outline"
                          size="sm"
                          disabled={busy || self}
                          title={self ? "You cannot suspend your own account" : undefined}
                          onClick={() => onAction({ kind: "suspend", user })}
                          aria-label={`Suspend ${user.username}`}
                          className="text-destructive hover:text-destructive"
                        >
                          <ShieldOff aria-hidden />
                          Suspend
                        </Button>
                      )}
                    </div>
                  </td>
                </tr>
                <tr id={detailId} hidden={!open} className="bg-muted/30">
                  <td colSpan={COLUMNS.length} className="px-4 py-4">
                    {open && <UserDetail user={user} />}
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** A user's month, plan and library, under their row. */
function UserDetail({ user }: { user: AdminUser }) {
  const subscription = user.subscription;
  const renewal = subscription ? renewalLine(subscription) : null;
  const facts: Array<[string, ReactNode]> = [
    ["Member since", formatBillingDate(user.createdAt)],
    ["Suspended since", user.suspendedAt ? formatBillingDate(user.suspendedAt) : "Not suspended"],
    ["Downloads this month", groupDigits(user.downloadsThisMonth)],
    ["Bandwidth this month", formatBytes(user.bytesThisMonth)],
    ["Collections", groupDigits(user.collections)],
    ["Signed-in sessions", groupDigits(user.liveSessions)],
    [
      "Subscription",
      subscription ? (
        <span key="subscription" className="inline-flex flex-wrap items-center gap-2">
          {planLabel(user)} · {subscription.billingCycle}
          <SubscriptionStatusBadge status={subscription.status} />
        </span>
      ) : (
        "None (free plan)"
      ),
    ],
    ...(renewal ? [[renewal.label, renewal.date] as [string, string]] : []),
  ];
  return (
    <dl
      data-testid="user-detail"
      className="grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4"
      aria-label={`Details of ${user.username}`}
    >
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            {term}
          </dt>
          <dd className="mt-1 font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
