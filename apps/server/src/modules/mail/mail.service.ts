import type { MailOutbox } from "@sawdust/shared";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../../lib/clock.js";
import { type MailMessage, OUTBOX_KEPT_MS, OUTBOX_READ_ACTION } from "./mail.constants.js";
import type { MailRepo } from "./mail.repo.js";
import type { Mailer } from "./mailer.js";

/**
 * Mail goes out through a durable job (queued with the change that causes it, sent by the
 * worker, retried with backoff), so no request waits for an SMTP server and none is lost when
 * one is down. Without SMTP_URL the worker keeps each message in the outbox instead, which the
 * admin reads (GET /api/v1/admin/mail-outbox).
 */
export class MailService {
  private toldAboutOutbox = false;

  constructor(
    private readonly deps: {
      repo: MailRepo;
      /** Undefined when SMTP_URL is not set. */
      mailer: Mailer | undefined;
      clock: Clock;
      onJobQueued: () => void;
      log?: Pick<FastifyBaseLogger, "warn">;
    },
  ) {}

  /** Queues a message; `requestId` names the request that caused it in the worker's log. */
  async queue(message: MailMessage, requestId?: string): Promise<void> {
    await this.deps.repo.enqueue(
      { ...message, to: message.to.toLowerCase(), ...(requestId ? { requestId } : {}) },
      this.deps.clock.now(),
    );
    this.deps.onJobQueued();
  }

  /** Removes kept messages older than OUTBOX_KEPT_MS (the janitor); returns how many went. */
  pruneOutbox(): Promise<number> {
    return this.deps.repo.pruneOutbox(this.deps.clock.now() - OUTBOX_KEPT_MS);
  }

  /** The mail job's work: send (or keep) one message. A throw retries it later. */
  async deliver(jobId: number, message: MailMessage): Promise<void> {
    const { mailer, repo, clock } = this.deps;
    if (message.expiresAt !== undefined && clock.now() >= message.expiresAt) {
      this.deps.log?.warn(
        { jobId, subject: message.subject },
        "a mail whose link had already expired was not sent (it could not be sent in time)",
      );
    } else if (mailer) {
      await mailer.send(message);
    } else {
      const id = await repo.keep(message, clock.now());
      if (!this.toldAboutOutbox) {
        this.toldAboutOutbox = true;
        this.deps.log?.warn(
          { outboxId: id },
          "SMTP_URL is not set: mail is kept in the outbox instead of sent (admins read it at GET /api/v1/admin/mail-outbox)",
        );
      }
    }
    await repo.forgetSentBody(jobId, message);
  }

  /**
   * The kept messages, newest first, for the admin `actorId`: each reading is audited (what was
   * asked for, and how many messages it showed), as the outbox holds members' reset links.
   */
  async outbox(query: { to?: string; limit: number }, actorId: number): Promise<MailOutbox> {
    const rows = await this.deps.repo.readOutbox(
      query,
      (read) => ({
        actorId,
        action: OUTBOX_READ_ACTION,
        subject: "mail:outbox",
        details: { to: query.to ? query.to.toLowerCase() : "all", count: read.length },
      }),
      this.deps.clock.now(),
    );
    return {
      sending: this.deps.mailer !== undefined,
      messages: rows.map((row) => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  }
}
