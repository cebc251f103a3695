/** Wall and CPU time of one phase of an ingest. */
export interface PhaseTime {
  ms: number;
  /** User + system CPU time of the whole process (every thread) during the phase. */
  cpuMs: number;
}

/** Phase name → time, in the order the phases happen. */
export type Phases = Record<string, PhaseTime>;

export interface Instant {
  at: number;
  cpu: number;
}

/** Now, on the wall clock and on the process's CPU clock. */
export function instant(): Instant {
  const used = process.cpuUsage();
  return { at: performance.now(), cpu: (used.user + used.system) / 1000 };
}

export function between(from: Instant, to: Instant): PhaseTime {
  return { ms: to.at - from.at, cpuMs: to.cpu - from.cpu };
}
