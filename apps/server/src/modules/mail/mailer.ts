import nodemailer from "nodemailer";
import type { MailMessage } from "./mail.constants.js";

/** Sends one message, or throws (the mail job is then retried). */
export interface Mailer {
  /** Whether messages leave the site (SMTP_URL) or stay in the admin's outbox. */
  readonly delivers: boolean;
  send(message: MailMessage): Promise<void>;
}

/** The SMTP server of SMTP_URL, through nodemailer, sending as MAIL_FROM. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    delivers: true,
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}
