import { groupDigits } from "../text.js";

/** A duration in words a person reads at a glance: "12 seconds", "4 minutes", "3 hours", "2 days". */
function formatAge(seconds: number): string {
  const whole = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (seconds < 90) return whole(Math.max(0, Math.round(seconds)), "second");
  if (seconds < 90 * 60) return whole(Math.round(seconds / 60), "minute");
  if (seconds < 36 * 3600) return whole(Math.round(seconds / 3600), "hour");
  return whole(Math.round(seconds / 86400), "day");
}

/** An error said as a sentence: a message that ends in a full stop of its own gets no second. */
const fullStop = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

const plural = (n: number, one: string, many = `${one}s`) =>
  `${groupDigits(n)} ${n === 1 ? one : many}`;

/** The admin dashboard and analytics pages, and the system status sentences the server writes. */
export const adminStats = {
  formatAge,
  dashboardLoadFailed: "Failed to load the dashboard",
  analyticsLoadFailed: "Failed to load analytics",
  cards: {
    users: "Total Users",
    images: "Total Images",
    downloads: "Total Downloads",
    storage: "Storage Used",
  },
  downloadsByQuality: "Downloads by quality",
  systemStatus: "System status",
  levels: { ok: "OK", warning: "Needs a look", down: "Down" },

  status: {
    database: {
      label: "Database",
      ok: (engine: string, ms: number) => ({
        summary: "Reachable",
        detail: `${engine} answered in ${ms} ms.`,
      }),
      down: (engine: string) => ({
        summary: "Not reachable",
        detail: `${engine} did not answer: nothing can be read or saved until it does.`,
      }),
    },
    storage: {
      label: "Media storage",
      ok: (where: string, ms: number) => ({
        summary: "Reachable",
        detail: `Wrote, read back and removed a test file in ${where} in ${ms} ms.`,
      }),
      notYetMade: (where: string) => ({
        summary: "Ready",
        detail: `${where} does not exist yet: it is made with the first upload.`,
      }),
      missing: (where: string) => ({
        summary: "Folder missing",
        detail: `${where} is missing although images are stored: their files cannot be served. Restore it from a backup, or check DATA_DIR.`,
      }),
      down: (where: string, reason: string) => ({
        summary: "Not reachable",
        detail: `Could not write, read back and remove a test file in ${where} (${reason}). Uploads and downloads fail until it works.`,
      }),
      localWhere: (root: string) => `the media folder ${root}`,
      s3Where: (bucket: string) => `the S3 bucket "${bucket}"`,
    },
    queue: {
      label: "Job queue",
      idle: (running: number, scheduled: number) => ({
        summary: "Nothing waiting",
        detail: `No job is waiting to run. ${plural(running, "job")} running, ${plural(scheduled, "job")} waiting to be retried later.`,
      }),
      flowing: (waiting: number, age: string) => ({
        summary: `${plural(waiting, "job")} waiting`,
        detail: `${plural(waiting, "job")} waiting; the oldest has waited ${age}.`,
      }),
      slow: (waiting: number, age: string) => ({
        summary: `${plural(waiting, "job")} waiting`,
        detail: `${plural(waiting, "job")} waiting; the oldest has waited ${age}. The workers are too few or stuck: new uploads wait to be published.`,
      }),
      // Said however short the wait: no worker will ever take them (round 63 read "1 job stuck"
      // after 0 seconds as alarm, and "to take them" of one job).
      stalled: (waiting: number, age: string) => ({
        summary: `${plural(waiting, "job")} waiting, no worker`,
        detail: `${plural(waiting, "job")} waiting and no worker is running to take ${waiting === 1 ? "it" : "them"}; the oldest has waited ${age}.`,
      }),
      /** Jobs that used every attempt (kept 7 days), said after what the queue is doing. */
      failed: (count: number, kind: string, age: string, error: string) => ({
        summary: `${plural(count, "job")} failed`,
        detail: ` ${plural(count, "job")} failed for good in the last 7 days, after every retry: emails not sent, pictures not analysed. The latest (${kind}, ${age} ago): ${fullStop(error)} The logs say more; fix the cause, then retry them.`,
      }),
      /** The dashboard's button that queues every failed job again, and what it says after. */
      retry: "Retry failed jobs",
      retried: (count: number) =>
        count === 0
          ? "No failed job was left to retry."
          : `${plural(count, "job")} queued again, each with every attempt anew.`,
      retryFailed: "The failed jobs could not be queued again",
    },
    workers: {
      label: "Job workers",
      alive: (count: number, names: string, lastBeat: string) => ({
        summary: `${plural(count, "worker")} running`,
        detail: `${names}: the last heartbeat came ${lastBeat} ago.`,
      }),
      none: {
        summary: "None running",
        detail:
          "No job worker has reported in the last 30 seconds: new uploads are not analysed or published. Set WORKERS to 1 or more, or run `npm run worker`.",
      },
      stale: (names: string) => ` Stopped reporting without a clean stop: ${names}.`,
    },
    rater: {
      label: "Content rater",
      unknown: {
        summary: "Unknown",
        detail: "No worker is running to report on its content rater.",
      },
      unavailable: (hosts: string) => ({
        summary: "Not available",
        detail: `The content rater could not be loaded on ${hosts}: images analysed there stay private until an admin reviews them.`,
      }),
      loaded: (loaded: number, of: number) => ({
        summary: "Loaded",
        detail:
          loaded === of
            ? `Loaded on ${loaded === 1 ? "the running worker" : `all ${of} running workers`}.`
            : `Loaded on ${loaded} of ${of} running workers; the others load it with their first image.`,
      }),
      notYet: {
        summary: "Not loaded yet",
        detail:
          "No worker has needed it yet: it loads (about 220 MB) with the next image to analyse. Until then it cannot be said to work.",
      },
    },
    vision: {
      label: "Vision model",
      notConfigured: {
        summary: "Not configured",
        detail:
          "No vision model is set (AI_BASE_URL): titles, descriptions and tags come from each image's prompt, colours and file name.",
      },
      notCheckable: {
        summary: "Not checked",
        detail:
          "The workers use a vision model, but this server has no AI_BASE_URL to check it with.",
      },
      answering: (model: string, host: string, ms: number) => ({
        summary: "Answering",
        detail: `${model} at ${host} answered in ${ms} ms.`,
      }),
      notAnswering: (model: string, host: string, reason: string) => ({
        summary: "Not answering",
        detail: `${model} at ${host} did not answer properly (${reason}). Images are described from their prompt, colours and file name until it does.`,
      }),
      workersWithout: (count: number) =>
        ` ${plural(count, "running worker has", "running workers have")} no AI_BASE_URL and describe images without it.`,
    },
  },

  analytics: {
    title: "Analytics",
    rangeLabel: "Range",
    downloadCsv: (series: string) => `Download ${series} as CSV`,
    topImagesByViews: "Most viewed images",
    topImagesByDownloads: "Most downloaded images",
    topTags: "Top tags",
    noTopImages: "No image was viewed or downloaded in this range.",
    noTopTags: "No tagged image was viewed or downloaded in this range.",
    untitled: "Untitled",
  },
} as const;
