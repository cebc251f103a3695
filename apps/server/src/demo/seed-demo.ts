import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import sharp from "sharp";
import type { Services } from "../services.js";
import { DEMO_ARTWORKS, type DemoArtwork } from "./artworks.js";
import { withPngText } from "./png-text.js";

/**
 * Seeding acts as an admin: it may set every field, and sees its own uploads. The audit log says
 * otherwise: no admin chose these pieces, so it gets one entry from the system for what a seeding
 * added, not an upload and an edit per piece in the first admin's name.
 */

export interface SeedResult {
  /** True when nothing was added: the catalogue had images, or another process holds the seeding. */
  skipped: boolean;
  seeded: number;
  failed: number;
  ms: number;
  /**
   * Set when the seeding is unfinished and another process holds it: when its lease runs out
   * (epoch ms), unless that process renews it. A time in the past: it may be taken over now.
   */
  heldUntil?: number;
  /** True when `stopping` ended it between two pieces and it gave its lease back. */
  stopped?: boolean;
}

export interface SeedOptions {
  /** Asked before each piece: true ends the seeding there and gives its lease back. */
  stopping?: () => boolean;
}

type SeedLog = Pick<FastifyBaseLogger, "info" | "warn">;

/**
 * The demo catalogue (design section 2, `DEMO_CONTENT`): on a catalogue with no image at all,
 * renders every generated artwork, with its prompt embedded as generation metadata, and uploads
 * it through the normal pipeline (validation, renditions, analysis job), then sets its title and
 * description as an admin would. The analysis job derives the tags and style from the prompt, as
 * it does for any upload. Sequential on purpose: it runs beside a live server on a small machine.
 *
 * Runs once per installation: a `demo_seeded` setting records that it finished. A catalogue that
 * already had images before seeding ever started is left alone; a seeding cut short (a crash, a
 * restart) resumes with the pieces it had not uploaded yet. Of several processes starting at once
 * (two API processes on one database), one seeds: while it does, the setting holds its lease,
 * renewed with every piece, and the others leave it alone (`heldUntil` says until when); a lease
 * given back (`stopping`: a graceful stop) is taken over at once, one left to expire (its process
 * died) once it has. Every change of hands is one compare-and-swap of the setting.
 */
export async function seedDemoCatalogue(
  services: Pick<Services, "catalogue" | "ingest" | "edits" | "settings" | "audit">,
  adminUserId: number,
  log: SeedLog,
  artworks: readonly DemoArtwork[] = DEMO_ARTWORKS,
  options: SeedOptions = {},
): Promise<SeedResult> {
  const started = Date.now();
  const skip = (heldUntil?: number) => ({
    skipped: true,
    seeded: 0,
    failed: 0,
    ms: Date.now() - started,
    ...(heldUntil !== undefined && { heldUntil }),
  });
  const state = await services.settings.get(SEEDED_KEY);
  if (state === "done") return skip();
  if (state !== undefined && leaseExpiry(state) > Date.now()) {
    log.info(
      { until: new Date(leaseExpiry(state)).toISOString() },
      "another process is seeding the demo catalogue; trying again when its lease runs out",
    );
    return skip(leaseExpiry(state));
  }
  const resuming = state !== undefined;
  if (!resuming && (await services.catalogue.hasAnyImage())) {
    // A real catalogue: never seed over it.
    await services.settings.swap(SEEDED_KEY, undefined, "done");
    return skip();
  }
  let lease = newLease();
  if (!(await services.settings.swap(SEEDED_KEY, state, lease))) {
    return skip(await othersLeaseExpiry(services)); // Another's now.
  }
  const present = new Set(await services.catalogue.originalNames());
  const todo = galleryOrder(artworks).filter((a) => !present.has(`${a.slug}.png`));
  log.info({ count: todo.length, resuming }, "seeding the demo catalogue");
  const dir = await mkdtemp(join(tmpdir(), "sawdust-demo-"));
  let seeded = 0;
  let failed = 0;
  try {
    for (const [index, artwork] of todo.entries()) {
      if (options.stopping?.()) {
        // Only between two pieces: one given back half-written would be uploaded again by the
        // process that resumes, since its image is not ready yet.
        await services.settings.swap(SEEDED_KEY, lease, RELEASED);
        log.info({ done: index, total: todo.length }, "stopped seeding the demo catalogue");
        await recordSeeding(services, seeded, failed);
        return { skipped: false, seeded, failed, ms: Date.now() - started, stopped: true };
      }
      // Renewed before every piece; lost (this process stalled past it) means another seeds now.
      const renewed = newLease();
      if (!(await services.settings.swap(SEEDED_KEY, lease, renewed))) {
        log.warn({ done: index }, "another process took the demo catalogue's seeding over");
        await recordSeeding(services, seeded, failed);
        const heldUntil = await othersLeaseExpiry(services);
        return {
          skipped: false,
          seeded,
          failed,
          ms: Date.now() - started,
          ...(heldUntil !== undefined && { heldUntil }),
        };
      }
      lease = renewed;
      try {
        await seedOne(services, adminUserId, artwork, dir);
        seeded += 1;
      } catch (error) {
        // One broken piece should not cost the gallery the other forty-odd.
        failed += 1;
        log.warn({ err: error, slug: artwork.slug }, "could not seed a demo artwork");
      }
      if ((index + 1) % 10 === 0) {
        log.info({ done: index + 1, total: todo.length }, "seeding the demo catalogue");
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await recordSeeding(services, seeded, failed);
  await services.settings.swap(SEEDED_KEY, lease, "done");
  const ms = Date.now() - started;
  log.info({ seeded, failed, ms }, "seeded the demo catalogue");
  return { skipped: false, seeded, failed, ms };
}

/**
 * The demo catalogue's seeding as a server runs it (design section 2): in the background once it
 * answers, since it takes a while on a small machine and a failure only means an emptier gallery,
 * never a failed start. Found held by another process, it tries again when that lease runs out:
 * the holder may have died (SIGKILL, a lost machine), and nothing else would resume it before
 * the next start. `stop()` ends it between two pieces and gives the lease back, so the next start
 * resumes at once; it must finish before the database closes.
 */
export class DemoSeeding {
  private stopped = false;
  private retry: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: Pick<
      Services,
      "auth" | "catalogue" | "ingest" | "edits" | "settings" | "audit"
    >,
    private readonly log: SeedLog & Pick<FastifyBaseLogger, "error">,
    private readonly artworks: readonly DemoArtwork[] = DEMO_ARTWORKS,
  ) {}

  start(): void {
    if (this.stopped) return;
    this.running = this.seed().catch((error: unknown) =>
      this.log.error({ err: error }, "seeding the demo catalogue failed"),
    );
  }

  /** Ends the seeding (the piece being written is finished first) and any try still to come. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.running;
  }

  private async seed(): Promise<void> {
    const adminId = await this.services.auth.adminId();
    if (adminId === undefined || this.stopped) return;
    const { heldUntil } = await seedDemoCatalogue(this.services, adminId, this.log, this.artworks, {
      stopping: () => this.stopped,
    });
    if (heldUntil === undefined || this.stopped) return;
    // A moment after it runs out: the holder's clock (another machine's) may run a little ahead.
    const wait = Math.max(heldUntil - Date.now(), 0) + RETRY_AFTER_LEASE_MS;
    this.retry = setTimeout(() => this.start(), wait);
    this.retry.unref(); // It never keeps a stopping process alive.
  }
}

const RETRY_AFTER_LEASE_MS = 1_000;

const SEEDED_KEY = "demo_seeded";

/** The setting's value once a graceful stop gave the lease back: any process may resume now. */
const RELEASED = "released";

/**
 * How long a seeding process holds the catalogue without renewing: far longer than one piece takes
 * on a small, busy machine (seconds), short enough that a crashed process's seeding is resumed by
 * the next start soon after.
 */
export const DEMO_SEEDING_LEASE_MS = 120_000;

/** A seeding's lease: "seeding:<expires at, ms>:<holder>", unique to this process and moment. */
function newLease(): string {
  return `seeding:${Date.now() + DEMO_SEEDING_LEASE_MS}:${randomUUID()}`;
}

/**
 * When a seeding's lease expires; 0 for any other value (RELEASED, an older version's "started"):
 * whoever swaps it first resumes.
 */
function leaseExpiry(value: string): number {
  const [kind, expires] = value.split(":");
  return kind === "seeding" ? Number(expires) || 0 : 0;
}

/** When the lease of whoever holds the unfinished seeding now runs out; undefined once done. */
async function othersLeaseExpiry(
  services: Pick<Services, "settings">,
): Promise<number | undefined> {
  const state = await services.settings.get(SEEDED_KEY);
  return state === undefined || state === "done" ? undefined : leaseExpiry(state);
}

/** The audit log's one entry for a seeding, by the system (no actor); none when it added nothing. */
async function recordSeeding(
  services: Pick<Services, "audit">,
  seeded: number,
  failed: number,
): Promise<void> {
  if (seeded === 0) return;
  await services.audit.record(null, "demo.seeded", "catalogue:demo", {
    imagesAdded: seeded,
    ...(failed > 0 && { imagesFailed: failed }),
  });
}

async function seedOne(
  services: Pick<Services, "ingest" | "edits">,
  adminUserId: number,
  artwork: DemoArtwork,
  dir: string,
): Promise<void> {
  const png = await renderPng(artwork);
  const path = join(dir, `${artwork.slug}.png`);
  await writeFile(path, png);
  // ingest() owns the temporary file from here and deletes it, success or failure. The demo's
  // pictures are Sawdust's own drawings: public at once, before their analysis has run.
  const image = await services.ingest.ingest(
    {
      path,
      bytes: png.length,
      format: "png",
      filename: `${artwork.slug}.png`,
      fields: {
        editionType: artwork.editionType,
        ...(artwork.priceCents === null ? {} : { price: String(artwork.priceCents) }),
      },
    },
    adminUserId,
    { publishNow: true, audited: false },
  );
  await services.edits.update(
    image.id,
    { aiAnalysis: { title: artwork.title, description: artwork.description } },
    { kind: "member", userId: adminUserId, role: "admin", tier: "free" },
    { audited: false },
  );
}

/** The artwork as a PNG, at its full size, carrying its prompt as A1111's "parameters". */
export async function renderPng(artwork: DemoArtwork): Promise<Buffer> {
  // Low zlib effort: the file is an upload, decoded once and stored; speed matters more here.
  const png = await sharp(Buffer.from(artwork.render())).png({ compressionLevel: 3 }).toBuffer();
  return withPngText(png, "parameters", artwork.parameters);
}

/**
 * The catalogue is written family by family; the gallery lists newest first. Seeding with a
 * stride coprime to the count visits every artwork once while putting neighbours from different
 * generators, so the first screen of the gallery is varied.
 */
export function galleryOrder<T>(items: readonly T[]): T[] {
  const n = items.length;
  let stride = 7;
  while (n > 1 && gcd(stride, n) !== 1) stride += 1;
  return items.map((_, i) => items[(i * stride) % n] as T);
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
