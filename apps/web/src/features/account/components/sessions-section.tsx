import { MESSAGES } from "@sawdust/shared";
import { useEffect, useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/hooks/use-toast";
import { formatDateTime } from "@/lib/date-time";
import { useEndOtherSessions } from "../api/end-other-sessions";
import { useEndSession } from "../api/end-session";
import { useSessions } from "../api/get-sessions";
import { refusalOf } from "../refusal";
import { AccountSection, FormProblem, WRAPPING_BUTTON } from "./section";

const m = MESSAGES.account;

/** The member's signed-in browsers, each with an End button, and "end all the others". */
export function SessionsSection() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;
  // An End button goes with its row (and "end all the others" with the last of them): once a
  // session was ended here, the list takes the focus the pressed button had.
  const listRef = useRef<HTMLUListElement>(null);
  const ended = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's length is when to look.
  useEffect(() => {
    if (!ended.current) return;
    const active = document.activeElement;
    if (!active || active === document.body) listRef.current?.focus();
  }, [list.length]);
  return (
    <AccountSection id="sessions" title={m.sessionsSection} description={m.sessionsIntro}>
      {sessions.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : sessions.isError ? (
        <FormProblem>{refusalOf(sessions.error)}</FormProblem>
      ) : (
        <ul
          ref={listRef}
          tabIndex={-1}
          className="grid gap-3 outline-none"
          aria-label={m.sessionsSection}
        >
          {list.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border px-4 py-3"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {session.device ?? "Unknown browser"}
                  {session.current && <Badge variant="secondary">{m.thisSession}</Badge>}
                </p>
                <p className="text-sm text-muted-foreground">
                  {m.lastSeen} {formatDateTime(session.lastSeenAt)} · {m.signedInAt}{" "}
                  {formatDateTime(session.createdAt)}
                </p>
              </div>
              {!session.current && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={endOne.isPending}
                  aria-label={`${m.endSession}: ${session.device ?? "Unknown browser"}`}
                  onClick={() => {
                    ended.current = true;
                    endOne.mutate(session.id, {
                      onSuccess: () => toast({ title: m.sessionEnded }),
                      onError: (error) =>
                        toast({ title: refusalOf(error), variant: "destructive" }),
                    });
                  }}
                >
                  {m.endSession}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others > 0 && (
        <div>
          <Button
            variant="outline"
            {...WRAPPING_BUTTON}
            disabled={endOthers.isPending}
            onClick={() => {
              ended.current = true;
              endOthers.mutate(undefined, {
                onSuccess: ({ ended: count }) => toast({ title: m.otherSessionsEnded(count) }),
              });
            }}
          >
            {m.endOtherSessions}
          </Button>
        </div>
      )}
    </AccountSection>
  );
}
