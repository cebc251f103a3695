import { Mail } from "lucide-react";
import { useSearchParams } from "react-router";
import { AdminPageFrame, AdminPageHeader } from "@/components/layout/admin-page-header";
import { ListSearch } from "@/components/layout/list-search";
import { EmptyPanel } from "@/components/layout/state-panels";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/date-time";
import { useMailOutbox } from "./api/get-mail-outbox";

/**
 * /admin/mail: without SMTP_URL the site keeps every message it would have sent (confirmation
 * links, password resets, notices) in an outbox; an admin reads them here, newest first, and can
 * narrow them to one address. Only the plain-text part is shown: a message's HTML is never
 * rendered in the console.
 */
export function MailOutboxPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get("to")?.trim() || undefined;
  const outbox = useMailOutbox(to);
  const messages = outbox.data?.messages ?? [];

  return (
    <AdminPageFrame>
      <AdminPageHeader
        title="Mail Outbox"
        description={
          outbox.data?.sending
            ? "SMTP_URL is set: the site's mail goes out, and nothing new is kept here. Messages kept before it was set stay below."
            : "Mail the site kept instead of sending, because no SMTP_URL is set. With one, mail goes out and nothing is kept here."
        }
      />
      <div className="grid gap-6 pt-8">
        <ListSearch
          key={to ?? ""}
          value={to ?? ""}
          onSearch={(text) => setSearchParams(text ? { to: text } : {}, { replace: true })}
          label="Search the outbox by recipient"
          placeholder="Recipient's email address"
          className="max-w-xl"
        />
        {outbox.isPending ? (
          <div role="status" aria-label="Loading the outbox" className="grid gap-2">
            {Array.from({ length: 4 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} className="h-16 rounded-lg" />
            ))}
          </div>
        ) : outbox.isError ? (
          <div role="alert" className="rounded-xl border bg-card px-6 py-10 text-center">
            <p className="text-destructive">Failed to load the outbox: {outbox.error.message}</p>
            <Button className="mt-4" variant="outline" onClick={() => void outbox.refetch()}>
              Try again
            </Button>
          </div>
        ) : messages.length === 0 ? (
          <EmptyPanel icon={<Mail className="size-6" aria-hidden />} title="No mail kept">
            {to
              ? "No kept message went to this address."
              : outbox.data?.sending
                ? "Mail goes out through SMTP_URL, so none is kept."
                : "Messages appear here as the site sends them."}
          </EmptyPanel>
        ) : (
          <ol className="grid gap-3" aria-label="Kept messages">
            {messages.map((message) => (
              <li
                key={message.id}
                data-testid="outbox-message"
                className="min-w-0 rounded-xl border bg-card shadow-sm wrap-anywhere"
              >
                <details className="group">
                  <summary className="grid cursor-pointer gap-1 rounded-xl p-4 focus-visible:outline-2 focus-visible:outline-ring">
                    <span className="font-semibold">{message.subject}</span>
                    <span className="text-sm text-muted-foreground">
                      To {message.to} ·{" "}
                      <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                    </span>
                  </summary>
                  <pre className="border-t px-4 py-3 font-sans text-sm whitespace-pre-wrap wrap-anywhere">
                    {message.text}
                  </pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </div>
    </AdminPageFrame>
  );
}
