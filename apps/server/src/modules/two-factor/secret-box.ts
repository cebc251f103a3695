import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/**
 * Seals TOTP secrets at rest with AES-256-GCM. The key lives in the `settings` table (made by the
 * first process that asks, like the media signing key), so a copy of the two-factor table alone —
 * a table export, a log of its rows — does not yield working secrets. Whoever holds the whole
 * database holds the key too: a stronger guard would take the key from the environment, which a
 * self-hoster would then have to keep and back up beside the database.
 */
export class SecretBox {
  constructor(private readonly key: () => Promise<Buffer>) {}

  async seal(plain: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", await this.key(), iv);
    const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), sealed].map(encode).join(":");
  }

  async open(stored: string): Promise<string> {
    const [version, iv, tag, sealed] = stored.split(":");
    if (version !== "v1" || !iv || !tag || !sealed) throw new Error("Unknown sealed secret");
    const decipher = createDecipheriv("aes-256-gcm", await this.key(), decode(iv));
    decipher.setAuthTag(decode(tag));
    return Buffer.concat([decipher.update(decode(sealed)), decipher.final()]).toString("utf8");
  }
}

const encode = (part: string | Buffer) =>
  typeof part === "string" ? part : part.toString("base64url");
const decode = (part: string) => Buffer.from(part, "base64url");
