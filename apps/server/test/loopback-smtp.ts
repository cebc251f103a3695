import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** Every text part of the message, decoded (quoted-printable or base64). */
  text: string;
}

/** Decodes the bodies of a raw MIME message's parts and joins them. */
function decodedText(raw: string): string {
  const parts: string[] = [];
  const part =
    /Content-Transfer-Encoding: ([\w-]+)\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)(?=\r\n--|$)/gi;
  for (const [, encoding, body = ""] of raw.matchAll(part)) {
    const kind = encoding?.toLowerCase();
    if (kind === "base64")
      parts.push(Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8"));
    else if (kind === "quoted-printable") {
      const bytes = body
        .replace(/=\r\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        );
      parts.push(Buffer.from(bytes, "latin1").toString("utf8"));
    } else parts.push(body);
  }
  return parts.join("\n");
}

/** A loopback SMTP server that keeps every message it receives (SMTP_URL points at it). */
export async function startLoopbackSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("latin1");
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          text: decodedText(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The messages to one address, oldest first. */
    to: (address: string) => received.filter((m) => m.to.includes(address.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message to a page of the site (`/auth/reset`, `/auth/verify`). */
export function linkIn(mail: ReceivedMail, page: string): URL {
  // The token, and whatever the link carries after it (`&next=…`, the page to come back to).
  const match = new RegExp(
    `https?://[^\\s"<>]+${page}\\?token=[A-Za-z0-9_-]+(?:&[^\\s"<>]*)?`,
  ).exec(mail.text);
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  return new URL(match[0]);
}
