export interface RoundRobinProxy {
  url: string;
  port: number;
  stats: { requests: number; retries: number; failures: number; byBackend: number[] };
  readiness(): boolean[];
  close(): Promise<void>;
}

export function startRoundRobinProxy(options: {
  backends: string[];
  host?: string;
  port?: number;
  healthPath?: string;
  healthEveryMs?: number;
}): Promise<RoundRobinProxy>;
