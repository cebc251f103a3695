import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { refetchAfterPasswordChange } from "./change-password";
import { ACCOUNT_QUERY_KEY } from "./get-account";
import { SESSIONS_QUERY_KEY } from "./get-sessions";

describe("refetchAfterPasswordChange", () => {
  it("reads the account again, so a change of email the password change called off leaves the page", async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(ACCOUNT_QUERY_KEY, { pendingEmail: "new@example.com" });
    queryClient.setQueryData(SESSIONS_QUERY_KEY, { sessions: [] });
    await refetchAfterPasswordChange(queryClient);
    expect(queryClient.getQueryState(ACCOUNT_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(SESSIONS_QUERY_KEY)?.isInvalidated).toBe(true);
  });
});
