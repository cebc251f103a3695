import type { MailOutbox } from "@sawdust/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const PAGE_SIZE = 100;

/** GET /api/v1/admin/mail-outbox: the mail kept instead of sent, newest first (to one address). */
export function getMailOutbox(to: string | undefined, signal?: AbortSignal): Promise<MailOutbox> {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (to) query.set("to", to);
  return api.get<MailOutbox>(`/api/v1/admin/mail-outbox?${query}`, { signal });
}

export function useMailOutbox(to: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ["admin", "mail-outbox", { to }],
      queryFn: ({ signal }) => getMailOutbox(to, signal),
      // New mail arrives all the time: read afresh on each visit.
      staleTime: 0,
    }),
  );
}
