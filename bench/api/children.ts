/**
 * The servers under test run in child processes of their own, so autocannon (in the bench
 * process) never shares an event loop with them. A child reports `{ type: "ready", port }` over
 * IPC once it listens; it answers `{ type: "usage" }` with its CPU time and RSS, and exits on
 * `{ type: "stop" }` (a clean exit, so `--cpu-prof` writes its profile).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";

export type ChildMessage =
  | { type: "ready"; port: number }
  | { type: "usage"; cpuMs: number; rss: number }
  | { type: "profiling" }
  | { type: "profiled"; file: string }
  | { type: "error"; message: string };

export interface Usage {
  cpuMs: number;
  rss: number;
}

export class ServerChild {
  private constructor(
    readonly name: string,
    readonly port: number,
    private readonly child: ChildProcess,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Starts `script` (a .ts file beside this one) under tsx and waits until it listens. */
  static start(
    name: string,
    script: string,
    env: Record<string, string>,
    nodeFlags: string[] = [],
  ): Promise<ServerChild> {
    const path = fileURLToPath(new URL(script, import.meta.url));
    const child = spawn(process.execPath, [...nodeFlags, "--import", "tsx", path], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`${name}: did not start within 120 s`));
      }, 120_000);
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`${name}: exited with code ${code} before it was ready`));
      });
      child.on("message", (message: ChildMessage) => {
        if (message.type === "ready") {
          clearTimeout(timer);
          child.removeAllListeners("exit");
          resolve(new ServerChild(name, message.port, child));
        } else if (message.type === "error") {
          clearTimeout(timer);
          reject(new Error(`${name}: ${message.message}`));
        }
      });
    });
  }

  /** The child's CPU time so far (user + system, all its threads) and its RSS. */
  usage(): Promise<Usage> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ChildMessage) => {
        if (message.type !== "usage") return;
        this.child.off("message", onMessage);
        resolve({ cpuMs: message.cpuMs, rss: message.rss });
      };
      this.child.on("message", onMessage);
      if (!this.child.send({ type: "usage" })) reject(new Error(`${this.name}: IPC closed`));
    });
  }

  /**
   * Starts V8's sampling profiler in the child (every `intervalUs` µs); `stopProfile` writes the
   * profile to `file`. Only the span between the two is profiled: no start-up, no warm-up.
   */
  async startProfile(intervalUs = 250): Promise<void> {
    await this.request({ type: "profile-start", intervalUs }, "profiling");
  }

  async stopProfile(file: string): Promise<void> {
    await this.request({ type: "profile-stop", file }, "profiled");
  }

  private request(message: object, answer: ChildMessage["type"]): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (reply: ChildMessage) => {
        if (reply.type === "error") {
          this.child.off("message", onMessage);
          reject(new Error(`${this.name}: ${reply.message}`));
        } else if (reply.type === answer) {
          this.child.off("message", onMessage);
          resolve();
        }
      };
      this.child.on("message", onMessage);
      if (!this.child.send(message)) reject(new Error(`${this.name}: IPC closed`));
    });
  }

  /** Asks the child to close and exit; kills it if it has not after 30 s. */
  stop(): Promise<void> {
    if (this.child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.child.kill("SIGKILL"), 30_000);
      this.child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      this.child.send({ type: "stop" });
    });
  }
}

/** The child's side of the protocol: report readiness, answer usage, exit on stop. */
export function serveParent(port: number, close: () => Promise<void>): void {
  const send = (message: ChildMessage) => process.send?.(message);
  let session: Session | undefined;
  const fail = (error: unknown) => send({ type: "error", message: String(error) });
  process.on("message", (message: { type: string; intervalUs?: number; file?: string }) => {
    if (message.type === "profile-start") {
      session = new Session();
      session.connect();
      (async () => {
        await session?.post("Profiler.enable");
        await session?.post("Profiler.setSamplingInterval", {
          interval: message.intervalUs ?? 250,
        });
        await session?.post("Profiler.start");
        send({ type: "profiling" });
      })().catch(fail);
    } else if (message.type === "profile-stop") {
      (async () => {
        if (!session || !message.file) throw new Error("not profiling");
        const { profile } = await session.post("Profiler.stop");
        await writeFile(message.file, JSON.stringify(profile));
        session.disconnect();
        session = undefined;
        send({ type: "profiled", file: message.file });
      })().catch(fail);
    } else if (message.type === "usage") {
      const used = process.cpuUsage();
      send({
        type: "usage",
        cpuMs: (used.user + used.system) / 1000,
        rss: process.memoryUsage().rss,
      });
    } else if (message.type === "stop") {
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    }
  });
  // The bench went away without stopping us: do not linger.
  process.on("disconnect", () => process.exit(0));
  send({ type: "ready", port });
}

/** The child's start-up failed: tell the parent why, then exit. */
export function failToParent(error: unknown): never {
  process.send?.({
    type: "error",
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
}
