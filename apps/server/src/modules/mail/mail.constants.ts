/** The job kind that sends one mail (jobs/handlers.ts). */
export const MAIL_JOB = "mail.send";

/**
 * Attempts before a mail is given up (the worker's backoff doubles from 5 s up to 10 minutes:
 * about an hour of retries in all).
 */
export const MAIL_MAX_ATTEMPTS = 10;

/** One message, ready to send: what a mail job carries. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}
