import { type AdminUser, groupDigits, MESSAGES, type Role } from "@sawdust/shared";
import { UserCog } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { ConfirmDialog } from "@/components/dialogs/confirm-dialog";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { ListSearch } from "@/components/layout/list-search";
import { LoadMoreButton } from "@/components/layout/load-more-button";
import { EmptyPanel, LoadErrorPanel } from "@/components/layout/state-panels";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { useUser } from "@/lib/api/get-current-user";
import { failureText } from "@/lib/failure-text";
import { useEndSessions } from "./api/end-sessions";
import { type UserFilters, useUsers } from "./api/get-users";
import { useAdminResendVerification } from "./api/resend-verification";
import { useResetTwoFactor } from "./api/reset-two-factor";
import { useUpdateUser } from "./api/update-user";
import { type UserAction, UsersTable } from "./components/users-table";

const m = MESSAGES.adminUsers;
const ROLE_FILTERS = [
  ["", "All roles"],
  ["admin", "Admins"],
  ["user", "Users"],
] as const;
const STATUS_FILTERS = [
  ["", "Any standing"],
  ["active", "Active"],
  ["suspended", "Suspended"],
] as const;

/** The filters the URL holds: ?q=&role=&status=. */
function filtersOf(params: URLSearchParams): UserFilters {
  const role = params.get("role");
  const status = params.get("status");
  return {
    q: params.get("q")?.trim() || undefined,
    role: role === "admin" || role === "user" ? role : undefined,
    status: status === "active" || status === "suspended" ? status : undefined,
  };
}

/**
 * /admin/users (admin console): every account with its role, standing, plan and this month's
 * use; change a role, suspend or reactivate (a suspended member is signed out at once and cannot
 * sign in), or end a user's sessions. The server keeps the last active admin; this page says so.
 */
export function UsersPage() {
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersOf(searchParams);
  const list = useUsers(filters);
  const { data: viewer } = useUser();
  const update = useUpdateUser();
  const endSessions = useEndSessions();
  const resetTwoFactor = useResetTwoFactor();
  const resendVerification = useAdminResendVerification();
  const [action, setAction] = useState<UserAction | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const failedAt = list.isError ? list.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast({ title: m.loadFailed, variant: "destructive" });
  }, [failedAt]);

  function setParam(name: keyof UserFilters, value: string | undefined) {
    setSearchParams(
      (params) => {
        if (value) params.set(name, value);
        else params.delete(name);
        return params;
      },
      { replace: true },
    );
  }

  function failed(error: unknown) {
    toast({ title: m.changeFailed, description: failureText(error), variant: "destructive" });
  }

  function changeRole(user: AdminUser, role: Role) {
    setBusyId(user.id);
    update.mutate(
      { id: user.id, body: { role } },
      {
        onSuccess: (changed) => toast({ title: m.roleChanged(changed.username, changed.role) }),
        onError: failed,
        onSettled: () => setBusyId(null),
      },
    );
  }

  function resend(user: AdminUser) {
    setBusyId(user.id);
    resendVerification.mutate(user.id, {
      onSuccess: () => toast({ title: MESSAGES.account.resendVerificationDone(user.username) }),
      onError: failed,
      onSettled: () => setBusyId(null),
    });
  }

  function confirm() {
    if (!action) return;
    const { user } = action;
    const done = { onSettled: () => setAction(null), onError: failed };
    if (action.kind === "reset-two-factor") {
      resetTwoFactor.mutate(user.id, {
        ...done,
        onSuccess: () => toast({ title: MESSAGES.twoFactor.resetToast(user.username) }),
      });
      return;
    }
    if (action.kind === "end-sessions") {
      endSessions.mutate(user.id, {
        ...done,
        onSuccess: ({ ended }) => toast({ title: m.sessionsEnded(user.username, ended) }),
      });
      return;
    }
    const suspend = action.kind === "suspend";
    update.mutate(
      { id: user.id, body: { suspended: suspend } },
      {
        ...done,
        onSuccess: () =>
          toast({
            title: suspend ? m.suspendedToast(user.username) : m.reactivatedToast(user.username),
          }),
      },
    );
  }

  const users = list.data?.pages.flatMap((page) => page.users) ?? [];
  const total = list.data?.pages[0]?.total;
  const pending = update.isPending || endSessions.isPending || resetTwoFactor.isPending;
  const filtered = Boolean(filters.q || filters.role || filters.status);

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Users"
        description="Roles, suspensions and sessions. The last active admin always stays."
        actions={
          total !== undefined && (
            <p className="text-sm text-muted-foreground" data-testid="users-total">
              {groupDigits(total)} {total === 1 ? "user" : "users"}
            </p>
          )
        }
      />

      <div className="grid gap-6 pt-8">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <ListSearch
            key={filters.q ?? ""}
            value={filters.q ?? ""}
            onSearch={(text) => setParam("q", text || undefined)}
            label="Search users"
            placeholder="Search by username or email"
            className="flex-1"
          />
          <div className="flex flex-wrap items-center gap-3">
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-role`} className="text-sm text-muted-foreground">
                Role
              </label>
              <select
                id={`${id}-role`}
                value={filters.role ?? ""}
                onChange={(event) => setParam("role", event.target.value || undefined)}
                className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-sm"
              >
                {ROLE_FILTERS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex items-center gap-2">
              <label htmlFor={`${id}-status`} className="text-sm text-muted-foreground">
                Standing
              </label>
              <select
                id={`${id}-status`}
                value={filters.status ?? ""}
                onChange={(event) => setParam("status", event.target.value || undefined)}
                className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-sm"
              >
                {STATUS_FILTERS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>

        {list.isPending ? (
          <div role="status" aria-label="Loading users" className="grid gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-14 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <LoadErrorPanel
            title={m.loadFailed}
            text={failureText(list.error)}
            onRetry={() => void list.refetch()}
          />
        ) : users.length === 0 ? (
          <EmptyPanel icon={<UserCog className="size-6" aria-hidden />} title={m.empty}>
            {filtered
              ? "No user matches these filters."
              : "Accounts appear here as people sign up."}
          </EmptyPanel>
        ) : (
          <>
            <UsersTable
              users={users}
              viewerId={viewer?.id}
              busyId={busyId}
              onRoleChange={changeRole}
              onAction={setAction}
              onResendVerification={resend}
            />
            <LoadMoreButton list={list}>Load more users</LoadMoreButton>
          </>
        )}
      </div>

      <ConfirmDialog
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={
          action?.kind === "reset-two-factor"
            ? MESSAGES.twoFactor.resetTitle(action.user.username)
            : action
              ? action.kind === "suspend"
                ? m.suspendTitle(action.user.username)
                : action.kind === "reactivate"
                  ? m.reactivateTitle(action.user.username)
                  : m.endSessionsTitle(action.user.username)
              : ""
        }
        description={
          action?.kind === "reset-two-factor"
            ? MESSAGES.twoFactor.resetDescription
            : action?.kind === "suspend"
              ? m.suspendDescription
              : action?.kind === "reactivate"
                ? m.reactivateDescription
                : m.endSessionsDescription
        }
        confirmLabel={
          action?.kind === "reset-two-factor"
            ? MESSAGES.twoFactor.resetAction
            : action?.kind === "suspend"
              ? "Suspend"
              : action?.kind === "reactivate"
                ? "Reactivate"
                : "End sessions"
        }
        pendingLabel="Working..."
        destructive={action?.kind !== "reactivate"}
        pending={pending}
        onConfirm={confirm}
      />
    </AdminPageFrame>
  );
}
