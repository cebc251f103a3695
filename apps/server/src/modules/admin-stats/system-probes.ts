import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import { LocalStorage } from "../../media/storage/local-storage.js";
import type { Storage } from "../../media/storage/storage.js";

/** How long each check may take before it counts as not answering. */
export const PROBE_TIMEOUT_MS = { database: 3000, storage: 3000, vision: 5000 } as const;

export type ProbeResult = { ok: true; ms: number } | { ok: false; reason: string };

/** Where the vision model is (config.ai): an OpenAI-compatible chat-completions endpoint. */
export interface VisionEndpoint {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
}

/** Runs `work` with a deadline: a timeout becomes a failure that says so. */
export async function withDeadline(
  work: () => Promise<ProbeResult>,
  timeoutMs: number,
): Promise<ProbeResult> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<ProbeResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, reason: `no answer within ${timeoutMs / 1000} seconds` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      work().catch((error: unknown) => ({ ok: false as const, reason: reasonOf(error) })),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** An error in a few words: its code or name, and its message. */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 200);
  const code = (error as { code?: unknown }).code;
  const label = typeof code === "string" ? code : error.name !== "Error" ? error.name : "";
  const message = error.message || (error as { errors?: Error[] }).errors?.[0]?.message || "";
  // Node's system errors start their message with their code already ("EACCES: permission…").
  const labelled =
    label && message.startsWith(label) ? message : [label, message].filter(Boolean).join(": ");
  return labelled.slice(0, 200) || "unknown error";
}

/** What the storage check found. */
export type StorageProbe =
  | ProbeResult
  /** The local media folder does not exist (made with the first upload). */
  | { ok: false; missing: true };

/**
 * A real round trip to the media storage: writes a small file under `private/health/`, reads it
 * back, and removes it. A local media folder that does not exist is reported as missing rather
 * than made again by the write (a folder removed by mistake must not look healthy).
 */
export async function probeStorage(storage: Storage): Promise<StorageProbe> {
  if (storage instanceof LocalStorage) {
    const isFolder = await stat(storage.root).then(
      (info) => info.isDirectory(),
      () => false,
    );
    if (!isFolder) return { ok: false, missing: true };
  }
  return withDeadline(async () => {
    const started = performance.now();
    const folder = `private/health/${randomUUID()}`;
    const body = Buffer.from(`sawdust storage check ${new Date().toISOString()}`);
    try {
      await storage.put(`${folder}/check.txt`, body, "text/plain");
      const back = await storage.readBuffer(`${folder}/check.txt`);
      if (!back.equals(body)) return { ok: false, reason: "the file read back differs" };
    } finally {
      await storage.deletePrefix(folder).catch(() => {});
    }
    return { ok: true, ms: Math.round(performance.now() - started) };
  }, PROBE_TIMEOUT_MS.storage);
}

/**
 * A real request to the vision model: a one-token chat completion, text only. Answering means an
 * OK status and a chat completion's shape (`choices`).
 */
export function probeVision(
  endpoint: VisionEndpoint,
  fetchImpl: typeof fetch = fetch,
): Promise<ProbeResult> {
  return withDeadline(async () => {
    const started = performance.now();
    const response = await fetchImpl(`${endpoint.baseUrl.replace(/\/+$/, "")}/chat/completions`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: endpoint.model,
        max_tokens: 1,
        messages: [{ role: "user", content: "Reply with OK." }],
      }),
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS.vision),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    const body = (await response.json().catch(() => null)) as { choices?: unknown } | null;
    if (!Array.isArray(body?.choices)) {
      return { ok: false, reason: "the answer was not a chat completion" };
    }
    return { ok: true, ms: Math.round(performance.now() - started) };
  }, PROBE_TIMEOUT_MS.vision);
}
