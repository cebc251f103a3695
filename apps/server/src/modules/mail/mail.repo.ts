import type { Db } from "../../db/database.js";
import { newJobRow } from "../../jobs/new-job.js";
import { type AuditEntryInput, newAuditRow } from "../audit/audit.repo.js";
import { MAIL_JOB, MAIL_MAX_ATTEMPTS, type MailMessage } from "./mail.constants.js";

export interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: number;
}

/** The mail queue (jobs of kind MAIL_JOB) and the outbox kept when no SMTP server is set. */
export class MailRepo {
  constructor(private readonly db: Db) {}

  /** Queues one message as a durable job, due now. */
  async enqueue(message: MailMessage, now: number): Promise<void> {
    await this.db
      .insertInto("jobs")
      .values(newJobRow(MAIL_JOB, null, message, MAIL_MAX_ATTEMPTS, now))
      .execute();
  }

  /**
   * Once a message is sent its job keeps only the address and subject: the links in it (single
   * use, but live until then) are not left readable in the queue.
   */
  async forgetSentBody(jobId: number, message: MailMessage): Promise<void> {
    await this.db
      .updateTable("jobs")
      .set({ payload: JSON.stringify({ to: message.to, subject: message.subject, sent: true }) })
      .where("id", "=", jobId)
      .execute();
  }

  async keep(message: MailMessage, now: number): Promise<number> {
    const row = await this.db
      .insertInto("mail_outbox")
      .values({
        to_address: message.to,
        subject: message.subject,
        text_body: message.text,
        html_body: message.html,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /**
   * The newest kept messages first, optionally to one address (any case), and the audit entry of
   * the reading (`auditOf` the rows read), in one transaction: the log never misses a read.
   */
  async readOutbox(
    query: { to?: string; limit: number },
    auditOf: (rows: OutboxRow[]) => AuditEntryInput,
    now: number,
  ): Promise<OutboxRow[]> {
    return this.db.transaction().execute(async (trx) => {
      let select = trx
        .selectFrom("mail_outbox")
        .selectAll()
        .orderBy("id", "desc")
        .limit(query.limit);
      if (query.to) select = select.where("to_address", "=", query.to.toLowerCase());
      const rows = (await select.execute()).map((row) => ({
        ...row,
        id: Number(row.id),
        created_at: Number(row.created_at),
      }));
      await trx
        .insertInto("audit_log")
        .values(newAuditRow(auditOf(rows), now))
        .execute();
      return rows;
    });
  }

  /**
   * Removes the messages kept before `before`, in one statement, and returns how many went
   * (the janitor's sweep: the outbox is no archive of members' mail).
   */
  async pruneOutbox(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom("mail_outbox")
      .where("created_at", "<", before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
