import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { Semaphore } from "../../lib/semaphore.js";

// `Algorithm` is an ambient const enum, which isolated modules cannot read: Argon2id is 2.
const ARGON2ID = 2 as Algorithm;

/** argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane (design section 6). */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * At most two hashes at a time in a process. argon2 runs on libuv's thread pool (4 threads), the
 * pool that also reads files, compresses and resizes: a flood of sign-ins, registrations or
 * reset links (each 19 MiB and ~50 ms of a core) would otherwise hold every thread, and every
 * picture, download and page would wait behind it. Beyond two, a hash waits its turn here.
 */
const oneOfTwo = new Semaphore(2);
let asked = 0;

/** The process's password work: hashes and checks asked for, running, and waiting their turn. */
export const passwordWork = {
  get asked() {
    return asked;
  },
  get running() {
    return oneOfTwo.running;
  },
  get waiting() {
    return oneOfTwo.queued;
  },
};

export function hashPassword(password: string): Promise<string> {
  asked++;
  return oneOfTwo.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  asked++;
  try {
    return await oneOfTwo.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the same time as a real check when the username does not exist, so response timing
 * does not tell which usernames are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword("sawdust-dummy-password");
  await verifyPassword(await dummyHash, password);
}
