export const root: string;
export function signalBuild(signal: NodeJS.Signals): void;
export function buildWhatIsStale(
  entry: "main" | "worker" | "admin",
  env?: Record<string, string | undefined>,
): Promise<number>;
