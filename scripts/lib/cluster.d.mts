import type { ChildProcess } from "node:child_process";
import type { RoundRobinProxy } from "./round-robin-proxy.mjs";

export interface ClusterProcess {
  name: string;
  child: ChildProcess;
  pid: number;
  env: Record<string, string>;
  dataDir: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export interface ApiProcess extends ClusterProcess {
  url: string;
  port: number;
}

export interface Cluster {
  workDir: string;
  proxy: RoundRobinProxy;
  apis: ApiProcess[];
  workers: ClusterProcess[];
  processes: ClusterProcess[];
  startWorker(): Promise<ClusterProcess>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;

export function startS3rver(
  directory: string,
  bucket?: string,
): Promise<{ env: Record<string, string>; close(): Promise<void> }>;

export function startCluster(options: {
  env: Record<string, string>;
  apis?: number;
  workers?: number;
  proxyPort?: number;
  workDir?: string;
  startMs?: number;
  /** Each line a process prints, as it prints it (its in-memory `output()` is kept as well). */
  onLine?: (name: string, line: string, stream: "stdout" | "stderr") => void;
}): Promise<Cluster>;

export function signal(proc: ClusterProcess, name: NodeJS.Signals): void;
