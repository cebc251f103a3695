/**
 * Asks `probe` until it gives a value (anything but undefined), for at most `ms`, and returns it;
 * throws naming `what` (with the last error the probe threw, and `logs()`) when it never does. For
 * what another process, a worker or a timer makes true a moment later.
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms: number,
  { everyMs = 100, logs = () => "" }: { everyMs?: number; logs?: () => string } = {},
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  const said = logs();
  throw new Error(
    `timed out waiting for ${what}${last ? `: ${String(last)}` : ""}${said ? `\n${said}` : ""}`,
  );
}
