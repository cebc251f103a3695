import { createHash, randomInt } from "node:crypto";
import { TWO_FACTOR } from "@sawdust/shared";

// Lower-case letters and digits without the look-alikes (0/o, 1/l/i): 31 symbols, ten of them
// about 50 bits, far beyond guessing within the sign-in limits.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten fresh one-time codes, shown as `abcde-fghij`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: TWO_FACTOR.recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a code: SHA-256 of its ten characters, lower-case, dash and spaces dropped. */
export function hashRecoveryCode(code: string): string {
  const normalized = code.replace(/[\s-]+/g, "").toLowerCase();
  return createHash("sha256").update(normalized).digest("hex");
}
