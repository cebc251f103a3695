/** Time as the services see it; tests pass their own to move it. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
