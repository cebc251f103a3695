/** The job kind that sends one mail (jobs/handlers.ts). */
export const MAIL_JOB = "mail.send";

/**
 * Attempts before a mail is given up: with the worker's backoff doubling from 5 s up to its
 * 10-minute cap, the 12 waits between them add up to about an hour (3,635 s).
 */
export const MAIL_MAX_ATTEMPTS = 13;

/**
 * How long the outbox keeps a message (no SMTP_URL): it holds members' links and notices, so the
 * janitor removes it after this long.
 */
export const OUTBOX_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The audit action of an admin's reading of the outbox. */
export const OUTBOX_READ_ACTION = "mail.outbox_read";

/** One message, ready to send: what a mail job carries. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * When the link it carries stops working (epoch ms): a message not sent by then (an SMTP
   * server down for an hour, a failed job retried days later) is dropped, not sent dead.
   */
  expiresAt?: number;
}
