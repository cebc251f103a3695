import { MESSAGES } from "@sawdust/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { type EndedSession, leaveEndedSession } from "@/lib/api/get-current-user";
import { LoginForm } from "./components/login-form";

/**
 * Over the page of a member whose session ended (useEndedSession): sign in again and carry on
 * where they were, or leave as a visitor. Closing it keeps the page to read or copy from; the
 * next call the server refuses brings it back. Signing in as someone else starts the page over
 * for them (refreshSession).
 */
export function SessionEndedDialog({ ended: { user, refusedActions } }: { ended: EndedSession }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(true);
  // Closed to read or copy from the page, it opens again when an action of theirs is refused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the count is the signal.
  useEffect(() => setOpen(true), [refusedActions]);
  // Going anywhere else (leaving, or "Forgot password?") is leaving as a visitor.
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (pathname !== shown.current) void leaveEndedSession(queryClient);
  }, [pathname, queryClient]);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent
        data-testid="session-ended"
        // The username is filled in: the password is what to type.
        onOpenAutoFocus={(event) => {
          const password = (event.currentTarget as HTMLElement).querySelector<HTMLElement>(
            "input[type=password]",
          );
          if (!password) return;
          event.preventDefault();
          password.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{MESSAGES.auth.sessionEndedTitle}</DialogTitle>
          <DialogDescription>{MESSAGES.auth.sessionEndedBody(user.username)}</DialogDescription>
        </DialogHeader>
        <LoginForm username={user.username} />
        <Button variant="outline" onClick={() => navigate(paths.home.getHref())}>
          {MESSAGES.auth.sessionEndedLeave}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
