/**
 * "Forgot password?" must not tell whether an address has an account, by its answer or by its
 * time (issue 22, acceptance 2: medians within 1.5×). The answer is asserted in
 * apps/server/src/modules/accounts/accounts.int.test.ts; the time is measured here, where a busy
 * machine cannot fail a test run: the real app (SQLite, or PostgreSQL with TEST_DB=postgres and
 * TEST_DATABASE_URL), known and unknown addresses interleaved, alternating which goes first.
 *
 *   npx tsx bench/accounts/reset-timing.ts [--rounds 200]
 */
import { createTestApp } from "../../apps/server/test/test-app.js";

const rounds = Number(process.argv[process.argv.indexOf("--rounds") + 1]) || 200;
const app = await createTestApp({ REGISTRATIONS_PER_IP_HOUR: "100000" });
try {
  const known: string[] = [];
  for (let i = 0; i < rounds; i++) {
    const email = `known-${i}@example.com`;
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/register",
      payload: { username: `known${i}`, email, password: "correct horse battery" },
    });
    if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
    known.push(email);
  }
  // Each request comes from its own address: the per-address limit is not what is measured.
  const time = async (email: string, n: number) => {
    const started = process.hrtime.bigint();
    const res = await app.server.inject({
      method: "POST",
      url: "/api/v1/auth/password-reset",
      payload: { email },
      remoteAddress: `10.0.${Math.floor(n / 250)}.${n % 250}`,
    });
    if (res.statusCode !== 202) throw new Error(`reset: ${res.statusCode} ${res.body}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  for (let i = 0; i < 20; i++) await time(`warm-${i}@example.com`, 60_000 + i);
  const knownMs: number[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const unknown = `nobody-${i}@example.com`;
    if (i % 2 === 0) {
      knownMs.push(await time(known[i] as string, 2 * i));
      unknownMs.push(await time(unknown, 2 * i + 1));
    } else {
      unknownMs.push(await time(unknown, 2 * i + 1));
      knownMs.push(await time(known[i] as string, 2 * i));
    }
  }
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return (
      ((s[Math.floor((s.length - 1) / 2)] as number) +
        (s[Math.ceil((s.length - 1) / 2)] as number)) /
      2
    );
  };
  const [k, u] = [median(knownMs), median(unknownMs)];
  const ratio = Math.max(k, u) / Math.min(k, u);
  console.log(
    `password reset on ${process.env.TEST_DB ?? "sqlite"}, ${rounds} each: known ${k.toFixed(3)} ms, unknown ${u.toFixed(3)} ms, ratio ${ratio.toFixed(2)} (line: ≤ 1.5)`,
  );
  process.exitCode = ratio <= 1.5 ? 0 : 1;
} finally {
  await app.close();
}
