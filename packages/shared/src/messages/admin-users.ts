/** The Users page of the admin console and the rules it enforces. */
export const adminUsers = {
  loadFailed: "Failed to load users",
  empty: "No users found",
  notFound: "No such user",
  suspended: "This account is suspended. Contact the site's administrators.",
  lastAdmin: "This is the last active administrator: make another member an administrator first.",
  notYourself: "You cannot suspend your own account.",
  oneChange: "Send either role or suspended, one change at a time",
  roleChanged: (username: string, role: string) =>
    `${username} is now ${role === "admin" ? "an administrator" : "a member"}`,
  suspendedToast: (username: string) => `${username} is suspended`,
  reactivatedToast: (username: string) => `${username} is active again`,
  sessionsEnded: (username: string, count: number) =>
    `${count} ${count === 1 ? "session" : "sessions"} of ${username} ended`,
  changeFailed: "Failed to change the user",
  suspendTitle: (username: string) => `Suspend ${username}?`,
  suspendDescription:
    "They are signed out everywhere at once and cannot sign in until an administrator reactivates the account.",
  reactivateTitle: (username: string) => `Reactivate ${username}?`,
  reactivateDescription: "They can sign in again; nothing else about the account changes.",
  endSessionsTitle: (username: string) => `End every session of ${username}?`,
  endSessionsDescription: "They are signed out on every device and can sign in again.",
} as const;
